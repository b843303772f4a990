/**
 * The house rules in eslint.config.js fail on a deliberate violation: each case lints a small
 * fixture placed (in name only) where the rule applies, and expects the rule to name it; the
 * allowed cases expect nothing.
 */
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it, vi } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const eslint = new ESLint({ cwd: root })

// Each case lints for about a second of CPU, and the first loads the TypeScript resolver (2 s).
// npm test runs this file at a low priority beside the browser tests, where it can get a thirtieth
// of a core: the loading happens once before the cases, and the hang detector allows for it.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })
beforeAll(async () => {
  await eslint.lintText('export {}\n', { filePath: `${root}/src/server/leads/storage/warm-up.ts` })
})

/** The rules that `code`, as if it were the file at `path`, breaks. */
async function broken(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${path}` })
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message)
}

const RESTRICTED = 'import-x/no-restricted-paths'

describe('the server layers (import-x/no-restricted-paths)', () => {
  it.each([
    ['storage never imports services', 'src/server/leads/storage/fixture.ts', '../services/lead-desk'],
    ['storage never imports routes', 'src/server/leads/storage/fixture.ts', '../routes/contact'],
    ['the root never imports middleware', 'src/server/isolate.ts', './people/middleware/admin-auth'],
    ['the root never imports routes', 'src/server/isolate.ts', './leads/routes/contact'],
    [
      'middleware never imports routes',
      'src/server/people/middleware/fixture.ts',
      '../../leads/routes/contact',
    ],
    ['a route never imports a route', 'src/server/viewer-url/routes/fixture.ts', './settings'],
    [
      'a console route never imports another',
      'src/server/leads/routes/admin/fixture.ts',
      '../../../people/routes/admin/team',
    ],
    [
      'the console assembly imports no public route',
      'src/server/console/index.ts',
      '../leads/routes/contact',
    ],
    [
      'services never import middleware',
      'src/server/leads/services/fixture.ts',
      '../../platform/middleware/rate-limit',
    ],
    [
      'services never import a wing’s http door',
      'src/server/studio/services/fixture.ts',
      '../../people/http',
    ],
    ['a wing’s index.ts shares no middleware', 'src/server/people/index.ts', './middleware/permission'],
    ['a wing’s http.ts shares no route', 'src/server/people/http.ts', './routes/admin/team'],
    ['only the entry reaches the root', 'src/server/leads/routes/fixture.ts', '../../isolate'],
    [
      'another wing’s service only through its index.ts',
      'src/server/studio/services/fixture.ts',
      '../../leads/services/lead-desk',
    ],
    [
      'another wing’s storage only through its index.ts',
      'src/server/traffic/storage/fixture.ts',
      '../../platform/storage/attempt',
    ],
    [
      'another wing’s middleware only through its http.ts',
      'src/server/studio/routes/admin/fixture.ts',
      '../../../people/middleware/permission',
    ],
    [
      'the experiments wing’s services only through its index.ts',
      'src/server/leads/routes/fixture.ts',
      '../../experiments/services/experiments',
    ],
    [
      'the experiments wing reaches the studio only through its doors',
      'src/server/experiments/services/fixture.ts',
      '../../studio/services/content',
    ],
    [
      'the experiments wing’s storage sits below its services',
      'src/server/experiments/storage/fixture.ts',
      '../services/experiment-desk',
    ],
    ['a wing never imports the site', 'src/server/studio/routes/admin/fixture.ts', '../../../site/render'],
    ['the site mounts no console route', 'src/server/site/fixture.ts', '../studio/routes/admin/redirects'],
    ['the root never reaches the site', 'src/server/isolate.ts', './site'],
    ['the platform imports no other wing', 'src/server/platform/middleware/fixture.ts', '../../leads'],
  ])('%s', async (_rule, path, from) => {
    expect(
      await broken(path, `import * as imported from '${from}'\nexport const used = imported\n`),
    ).toContain(RESTRICTED)
  })

  it('lets a wing use another through its doors, the console assembly mount console routes, the site public ones, and the entry mount it', async () => {
    const viaDoors =
      "import { attempt } from '../../platform'\nimport { allow } from '../../../people/http'\nexport const used = [attempt, allow]\n"
    expect(await broken('src/server/studio/routes/admin/fixture.ts', viaDoors)).toEqual([])
    const assembly =
      "import { adminLeads } from '../leads/routes/admin/leads'\nexport const used = adminLeads\n"
    expect(await broken('src/server/console/index.ts', assembly)).toEqual([])
    const entry = "import { adminConsole } from './server/console'\nexport const used = adminConsole\n"
    expect(await broken('src/worker.ts', entry)).toEqual([])
    const site =
      "import { feedRoutes } from '../studio/routes/feed'\nimport { rememberLanding } from '../traffic/http'\nexport const used = [feedRoutes, rememberLanding]\n"
    expect(await broken('src/server/site/fixture.ts', site)).toEqual([])
  })

  it('lets the experiments wing use the studio through its doors', async () => {
    const viaDoors =
      "import { libraryIdsOf } from '../../studio'\nimport { pageWeigher } from '../../studio/http'\nexport const used = [libraryIdsOf, pageWeigher]\n"
    expect(await broken('src/server/experiments/routes/fixture.ts', viaDoors)).toEqual([])
  })
})

describe('the side door (house/wing-services)', () => {
  const call = (expression: string) =>
    `import type { Context } from 'hono'\nimport type { AppEnv } from '../../app-env'\nexport const used = (c: Context<AppEnv>) => ${expression}\n`
  it.each([
    ['a wing calling another', 'src/server/traffic/routes/fixture.ts', 'c.var.services.leads.desk'],
    [
      'a wing calling the experiments',
      'src/server/leads/routes/fixture.ts',
      'c.var.services.studio.experiments',
    ],
    [
      'a destructured group',
      'src/server/studio/routes/fixture.ts',
      '(({ people }) => people)(c.var.services)',
    ],
    ['the whole bag handed on', 'src/server/studio/routes/fixture.ts', '[c.var.services]'],
  ])('refuses %s', async (_case, path, expression) => {
    expect(await broken(path, call(expression))).toContain('house/wing-services')
  })

  it('lets a wing use its own group, and the console, the site and the root reach every group', async () => {
    expect(
      await broken('src/server/viewer-url/routes/fixture.ts', call('c.var.services.viewerUrl.history')),
    ).toEqual([])
    expect(
      await broken('src/server/studio/routes/fixture.ts', call('c.var.services.studio.content')),
    ).toEqual([])
    expect(await broken('src/server/console/fixture.ts', call('c.var.services.leads.desk'))).toEqual([])
    expect(await broken('src/server/site/fixture.ts', call('c.var.services.studio.experiments'))).toEqual([])
  })
})

// eslint.config.js reads this list from where the studio gathers its defaults (studio-services.ts, site-copy.ts).
describe('the copy the studio edits (no-restricted-imports)', () => {
  it.each([
    ['../content/home'],
    ['../content/landing'],
    ['../content/home/offers'],
    ['../content/footer'],
    ['../content/pages/about'],
    ['../content/pages/blog'],
    ['../content/site-copy'],
    ['virtual:content/blog'],
  ])('a page never imports %s: it gets the copy from the content service', async (from) => {
    expect(
      await broken('src/pages/Fixture.tsx', `import * as copy from '${from}'\nexport const used = copy\n`),
    ).toContain('no-restricted-imports')
  })

  it('keeps lib below schemas: a lib module importing a schema is refused', async () => {
    const code = "import { contactSchema } from '../schemas/contact'\nexport const used = contactSchema\n"
    expect(await broken('src/lib/fixture.ts', code)).toContain('no-restricted-imports')
  })

  it('lets a page import the copy nobody edits, and content its own pages/ folder', async () => {
    expect(
      await broken('src/pages/Fixture.tsx', "import { ui } from '../content/ui'\nexport const used = ui\n"),
    ).toEqual([])
    expect(
      await broken(
        'src/content/fixture.ts',
        "import { aboutPage } from './pages/about'\nexport const used = aboutPage\n",
      ),
    ).toEqual([])
    expect(
      await broken(
        'src/content/fixture.ts',
        "import { homePage } from '../pages/HomePage'\nexport const used = homePage\n",
      ),
    ).toContain('no-restricted-imports')
  })
})

describe('file size (max-lines)', () => {
  const longFile = (lines: number) =>
    Array.from({ length: lines }, (_, i) => `export const value${i} = ${i}`).join('\n') + '\n'
  const commented = (lines: number) =>
    Array.from({ length: lines }, (_, i) => `// a comment\n\nexport const value${i} = ${i}`).join('\n') + '\n'

  it.each([
    ['src/server/leads/services/fixture.ts'],
    ['src/components/fixture.tsx'],
    ['scripts/fixture.ts'],
    ['bench/fixture.mjs'],
  ])('refuses a logic file over 200 lines in %s', async (path) => {
    expect(await broken(path, longFile(201))).toContain('max-lines')
    expect(await broken(path, longFile(200))).not.toContain('max-lines')
  })

  it('counts neither blank lines nor comments', async () => {
    expect(await broken('src/server/leads/services/fixture.ts', commented(200))).not.toContain('max-lines')
  })
})

describe('logical sides only in what draws the pages (no-restricted-syntax, docs/locales.md)', () => {
  it.each([
    ['a margin-left utility class', 'export const A = () => <p className="card ml-4">x</p>\n'],
    ['a negative margin-right one', 'export const A = () => <p className="-mr-2">x</p>\n'],
    [
      'a padding-left one in a template',
      'export const A = (x: string) => <p className={`pl-2 ${x}`}>x</p>\n',
    ],
    ['an inline paddingRight', 'export const A = () => <p style={{ paddingRight: 4 }}>x</p>\n'],
  ])('refuses %s in a component', async (_name, code) => {
    expect(await broken('src/components/fixture.tsx', code)).toContain('no-restricted-syntax')
  })

  it('allows the logical sides', async () => {
    const code =
      'export const A = () => <p className="ms-4 pe-2 mlx" style={{ marginInlineStart: 4 }}>x</p>\n'
    expect(await broken('src/components/fixture.tsx', code)).toEqual([])
  })
})

describe('the rules of hooks (eslint-plugin-react-hooks)', () => {
  const componentMadeInRender = [
    'export function Outer() {',
    '  const Inner = () => <b>x</b>',
    '  return <Inner />',
    '}',
    '',
  ].join('\n')
  const hookInCondition = [
    "import { useState } from 'react'",
    'export function Toggle({ on }: { on: boolean }) {',
    '  if (on) useState(0)',
    '  return null',
    '}',
    '',
  ].join('\n')

  it('refuses a component made during render where React hydrates it: an island, and a component an island imports', async () => {
    expect(await broken('src/islands/Fixture.tsx', componentMadeInRender)).toContain(
      'react-hooks/static-components',
    )
    expect(await broken('src/components/ui/Notice.tsx', componentMadeInRender)).toContain(
      'react-hooks/static-components',
    )
  })

  it('holds every React file, server-rendered ones too, to the rules of hooks', async () => {
    expect(await broken('src/pages/FixturePage.tsx', hookInCondition)).toContain('react-hooks/rules-of-hooks')
    expect(await broken('src/islands/Fixture.tsx', hookInCondition)).toContain('react-hooks/rules-of-hooks')
  })
})
