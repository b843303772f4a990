// @ts-check
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** What the pure layers (lib, schemas) and the build plugins may not import: anything above them. */
const aboveThePureLayers = [
  '**/components/**',
  '**/islands/**',
  '**/server/**',
  '**/pages/**',
  '**/content/**',
]
/**
 * The content modules the studio edits: only the composition root reads them (as the defaults).
 * Read from where the studio gathers them, so the rule cannot drift from it: the content that
 * src/server/studio-services.ts imports (the landing pages, the posts, the site's copy) and the
 * modules src/content/site-copy.ts gathers; a folder's files too. Plus the posts' Markdown collection.
 */
function editableContent() {
  const importsOf = (file, from) =>
    [...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(/^import .* from '([^']+)'$/gm)]
      .map((match) => match[1])
      .filter((specifier) => specifier.startsWith(from))
      .map((specifier) => specifier.slice(from.length))
  const modules = [
    ...importsOf('./src/server/studio-services.ts', '../content/'),
    ...importsOf('./src/content/site-copy.ts', './'),
  ]
  const isFolder = (module) => existsSync(new URL(`./src/content/${module}/index.ts`, import.meta.url))
  return [
    ...new Set(
      modules.flatMap((m) => (isFolder(m) ? [`**/content/${m}`, `**/content/${m}/**`] : [`**/content/${m}`])),
    ),
    'virtual:content/blog',
  ]
}
const EDITABLE_CONTENT = editableContent()
/** Build-time code (Vite plugins: Markdown, media) reads the repository; the worker and browser never load it. */
const buildTime = '**/build/**'

/** Files in `from` may not import from the listed folders (one-way import direction, see README). */
const boundaries = [
  // lib is the bottom: schemas build on it (README, `lib ← schemas`), never the other way.
  { from: 'src/lib/**', banned: [...aboveThePureLayers, '**/schemas/**', buildTime] },
  { from: 'src/schemas/**', banned: [...aboveThePureLayers, buildTime] },
  {
    from: 'src/content/**',
    // src/pages, not content's own pages/ folder.
    banned: [
      '**/components/**',
      '**/islands/**',
      '**/server/**',
      { regex: '^(\\.\\./)+pages(/|$)' },
      buildTime,
    ],
  },
  { from: 'src/islands/**', banned: ['**/content/**', '**/server/**', '**/pages/**', '**/env', buildTime] },
  { from: 'src/client/**', banned: ['**/content/**', '**/server/**', '**/pages/**', '**/env', buildTime] },
  {
    from: 'src/components/**',
    banned: ['**/content/**', '**/server/**', '**/pages/**', '**/env', buildTime],
  },
  // Pages draw the copy the studio edits from the content service (render state, a page's argument),
  // never from the repository's modules, so an edition always shows.
  { from: 'src/pages/**', banned: ['**/server/**', '**/env', buildTime, ...EDITABLE_CONTENT] },
  { from: 'src/server/**/*.{ts,tsx}', banned: [buildTime] },
  { from: 'src/worker.ts', banned: [buildTime] },
  { from: 'src/build/**', banned: aboveThePureLayers },
]

/** The server's wings, one per domain (README, Architecture); each holds its own layers. */
const WINGS = ['leads', 'people', 'studio', 'experiments', 'traffic', 'viewer-url', 'platform']
const inWings = (path) => `./src/server/@(${WINGS.join('|')})/${path}`
const HTTP_LAYERS = ['routes', 'middleware', 'render', 'jobs'].map((layer) => inWings(`${layer}/**`))

/**
 * The server's own layers, by resolved path (so a `./sibling` import counts too): only the entry
 * reaches the per-isolate registry and composition root, and the root reaches no HTTP layer; a
 * route never imports another route, and the console's assembly (console/index.ts) only console
 * routes; middleware never imports routes; services never reach up to the HTTP layer or the jobs;
 * storage never reaches up to services. Across wings, each wing has two doors: `index.ts` (its
 * services, storage and values) and `http.ts` (the middleware and page helpers other wings' routes
 * use). They are two because every HTTP file imports AppEnv, which names every wing's services: one
 * barrel holding both would put each service in a type-only cycle through it. Only what sits above
 * the wings (the entry, the composition root, app-env, the console's assembly, the sweep) reaches
 * into one. Each zone is proven to fail on a violation (tests/unit/lint-rules.test.ts).
 */
const serverZones = [
  {
    target: ['./src/!(worker).ts', './src/*/**', '!./src/server/isolate.ts'],
    from: './src/server/isolate.ts',
    message: 'Only src/worker.ts reaches the registry: services are handed in (c.var.services).',
  },
  {
    target: './src/server/isolate.ts',
    from: [
      inWings('middleware/**'),
      inWings('routes/**'),
      inWings('jobs/**'),
      inWings('http.ts'),
      './src/server/console/**',
      './src/server/site/**',
    ],
    message: 'The composition root builds services and storage; it never reaches the HTTP layer or the jobs.',
  },
  {
    target: inWings('routes/**'),
    from: inWings('routes/**'),
    message: 'Routes never import other routes: shared HTTP work is a middleware, shared pages are render/.',
  },
  {
    target: './src/server/console/**',
    from: inWings('routes/**'),
    except: [`**/src/server/@(${WINGS.join('|')})/routes/admin/**`],
    message: 'The console assembles console routes only.',
  },
  // The public site (server/site/) sits above the wings beside the console: no wing imports it (a
  // page is answered with c.render, which the worker installs), and it mounts public routes only.
  {
    target: inWings('**'),
    from: './src/server/site/**',
    message: 'The site sits above the wings: a wing answers with c.render and never imports site/.',
  },
  {
    target: './src/server/site/**',
    from: [inWings('routes/admin/**'), './src/server/console/**'],
    message: "The site mounts public routes only: the console's are mounted by the console.",
  },
  // The platform is the bottom wing: the mechanism every other wing and the site build on.
  {
    target: './src/server/platform/**',
    from: WINGS.filter((wing) => wing !== 'platform').map((wing) => `./src/server/${wing}/**`),
    message: 'The platform is the bottom wing: it imports no other wing.',
  },
  {
    target: inWings('middleware/**'),
    from: inWings('routes/**'),
    message: 'Middleware sits below the routes.',
  },
  {
    target: [inWings('services/**'), inWings('index.ts')],
    from: [
      ...HTTP_LAYERS,
      inWings('http.ts'),
      './src/server/console/**',
      './src/server/maintenance.{ts,tsx}',
    ],
    message: "Services sit below the HTTP layer and the jobs; a wing's index.ts is its services' door only.",
  },
  {
    target: inWings('storage/**'),
    from: [
      ...HTTP_LAYERS,
      inWings('http.ts'),
      inWings('services/**'),
      './src/server/console/**',
      './src/server/maintenance.{ts,tsx}',
    ],
    message: 'Storage sits below the services: it takes its binding and knows nothing above it.',
  },
  {
    target: inWings('http.ts'),
    from: inWings('routes/**'),
    message: "A wing's http.ts shares middleware and page helpers; its routes are mounted from above.",
  },
  // Each wing's doors: another wing reaches it only through index.ts or http.ts.
  ...WINGS.map((wing) => ({
    target: WINGS.filter((other) => other !== wing).map((other) => `./src/server/${other}/**`),
    from: `./src/server/${wing}/**`,
    except: [`**/src/server/${wing}/index.ts`, `**/src/server/${wing}/http.ts`],
    message: `Another wing reaches ${wing}/ only through its doors, ${wing}/index.ts and ${wing}/http.ts.`,
  })),
]

/**
 * The side door: `c.var.services` holds every wing's services, so a wing's file could call another
 * wing at run time past the doors above. A wing's files use their own group only
 * (`c.var.services.leads` in leads/); what a wing needs of another comes through that wing's door
 * (`leads/http.ts` waitingLeads, which reads the leads' own group) or is handed in from above: by
 * the composition root (server/isolate.ts gives a service what it needs), or by the site and the
 * console (which pass a function in when they mount a wing's routes). The platform's group (keys,
 * alerts, the page cache) is every wing's, as its door is: it imports no other wing. Proven to fail
 * on a violation (tests/unit/lint-rules.test.ts).
 */
const ownGroup = (wing) => wing.replace(/-(\w)/g, (_, letter) => letter.toUpperCase())
const wingServices = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      across:
        '{{wing}}/ calls {{group}} through c.var.services: go through its door (http.ts), or have it handed in from above (the root, the site, the console).',
    },
  },
  create(context) {
    const wing = /\/src\/server\/([^/]+)\//.exec(context.filename.replaceAll('\\', '/'))?.[1]
    if (!wing) return {}
    const own = ownGroup(wing)
    const name = (node) =>
      node?.type === 'Identifier' ? node.name : node?.type === 'Literal' ? String(node.value) : undefined
    // `x.var.services` (or `x.var?.services`): the bag itself.
    const isBag = (node) =>
      node?.type === 'MemberExpression' &&
      name(node.property) === 'services' &&
      name(node.object?.property) === 'var'
    const check = (node, group) => {
      if (group !== own && group !== 'platform')
        context.report({ node, messageId: 'across', data: { wing, group: group ?? 'every group' } })
    }
    // The node's place in its parent, past a `?.` chain's wrapper.
    const outer = (node) => (node.parent?.type === 'ChainExpression' ? node.parent : node)
    const memberOf = (node) => {
      const up = outer(node).parent
      return up?.type === 'MemberExpression' && up.object === outer(node) ? up : undefined
    }
    const patternOf = (node) => {
      const up = outer(node).parent
      return up?.type === 'VariableDeclarator' && up.init === outer(node) && up.id.type === 'ObjectPattern'
        ? up.id.properties
        : undefined
    }
    return {
      MemberExpression(node) {
        if (!isBag(node)) return
        const group = memberOf(node)
        if (!group) {
          const destructured = patternOf(node)
          if (destructured) for (const property of destructured) check(property, name(property.key))
          else check(node, undefined)
          return
        }
        check(group, name(group.property))
      },
      CallExpression(node) {
        if (name(node.callee.property) === 'get' && name(node.arguments[0]) === 'services')
          check(node, undefined)
      },
      VariableDeclarator(node) {
        // `const { services } = c.var`: the bag under another name.
        if (node.id.type !== 'ObjectPattern' || name(node.init?.property) !== 'var') return
        for (const property of node.id.properties)
          if (name(property.key) === 'services') check(property, undefined)
      },
    }
  },
}

/** The selectors that find a physical left or right margin or padding in JSX (docs/locales.md). */
function physicalSides() {
  const message =
    'Use a logical side (ms-/me-/ps-/pe-, marginInlineStart…): a right-to-left page mirrors it (docs/locales.md).'
  const utility = '/(^|\\s)-?[mp][lr]-/'
  return [
    { selector: `JSXAttribute[name.name='className'] Literal[value=${utility}]`, message },
    { selector: `JSXAttribute[name.name='className'] TemplateElement[value.raw=${utility}]`, message },
    {
      selector: "JSXAttribute[name.name='style'] Property[key.name=/^(margin|padding)(Left|Right)$/]",
      message,
    },
  ]
}

/**
 * The React that runs in the browser: the islands, the client entry, and the components they import
 * (followed through the components' own imports). Only there does a component render again, keep
 * state or hydrate, which is what React Compiler's rules are about; the pages and the other
 * components render once, on the server.
 */
function hydratedFiles() {
  const root = new URL('.', import.meta.url).pathname
  const sourceFiles = (dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name))
      .map((name) => join(dir, name))
  const resolve = (from, specifier) =>
    ['.tsx', '.ts', '/index.tsx', '/index.ts']
      .map((ending) => join(dirname(from), specifier) + ending)
      .find((candidate) => existsSync(join(root, candidate)))
  const found = new Set()
  const visit = (file) => {
    if (found.has(file)) return
    found.add(file)
    for (const [, specifier] of readFileSync(join(root, file), 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      const target = resolve(file, specifier)
      if (target && relative('src/components', target).split('/')[0] !== '..') visit(target)
    }
  }
  for (const file of [...sourceFiles('src/islands'), ...sourceFiles('src/client')]) visit(file)
  // The folders as globs, so a new island is covered before it imports anything.
  return [
    'src/islands/**',
    'src/client/**',
    ...[...found].filter((file) => file.startsWith('src/components/')),
  ]
}
const HOOKS = reactHooks.configs.flat['recommended-latest']
/** The two rules of hooks that need no compiler: wherever React code lives. */
const CLASSIC_HOOK_RULES = ['react-hooks/rules-of-hooks', 'react-hooks/exhaustive-deps']

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.wrangler/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The rules of hooks where React code lives; React Compiler's rules (below) only where it runs in
    // the browser: they analyse every function, and were 56 % of the lint step's rule time on the
    // pages and components, which render once, on the server.
    ...HOOKS,
    rules: Object.fromEntries(CLASSIC_HOOK_RULES.map((rule) => [rule, HOOKS.rules[rule]])),
    files: ['src/**/*.tsx', 'src/{client,components,islands,pages}/**/*.ts', 'tests/**/*.tsx'],
  },
  { ...HOOKS, files: hydratedFiles() },
  {
    files: ['tests/**', 'scripts/**', 'bench/**', '*.ts', '*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      // No import-x/no-cycle: tests/unit/import-graph.test.ts finds every cycle, type-only legs too,
      // which no-cycle leaves out, and no-cycle parsed every file again (3 CPU-seconds of npm test).
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
    },
  },
  {
    files: ['src/server/*/**/*.{ts,tsx}'],
    ignores: [
      // Above the wings: the console and the site assemble them.
      'src/server/console/**',
      'src/server/site/**',
    ],
    plugins: { house: { rules: { 'wing-services': wingServices } } },
    rules: { 'house/wing-services': 'error' },
  },
  {
    // Logical sides only in what draws the pages, so a right-to-left locale mirrors (docs/locales.md):
    // no physical left/right margin or padding, as a utility class or an inline style.
    files: ['src/components/**/*.tsx', 'src/islands/**/*.tsx', 'src/pages/**/*.tsx'],
    rules: {
      'no-restricted-syntax': ['error', ...physicalSides()],
    },
  },
  {
    // One thing per file: a logic file that outgrows 200 lines is split (blank lines and comments aside).
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,tsx,mjs,js}', 'bench/**/*.{ts,tsx,mjs,js}'],
    rules: { 'max-lines': ['error', { max: 200, skipBlankLines: true, skipComments: true }] },
  },
  ...boundaries.map(({ from, banned }) => ({
    files: [from],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: banned.map((group) => ({
            ...(typeof group === 'string' ? { group: [group] } : group),
            message: 'Breaks the one-way import direction (README, Architecture).',
          })),
        },
      ],
    },
  })),
)
