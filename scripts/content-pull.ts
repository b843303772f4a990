/**
 * `npm run content:pull [-- --remote] [-- --env staging]`: writes the studio's published
 * editions back into src/content, so a developer can review and commit them and the repository
 * stays a complete copy of the site. Local by default (the database `npm run dev` uses). Changed
 * strings go where the repository writes them (a locale's published edition into its own words,
 * src/content/locales/<code>/); posts become Markdown files in src/content/blog,
 * landing pages typed data in src/content/landing, each as its kind says (src/server/studio/kinds/);
 * anything it cannot place is listed, to copy by hand. After the commit is deployed, the daily
 * job drops the edition fields that now equal the repository's copy (studio/services/content-upkeep.ts).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { runnerImport } from 'vite'
import {
  applyReplacements,
  coverByHand,
  landingIndexFile,
  landingPageFile,
  markdownOf,
  type PostSource,
} from './lib/content-files.ts'
import { folderOf, planPull } from './lib/content-pulls.ts'
import { withConsoleRedirects, type FileRule } from './lib/redirects-file.ts'

const { values } = parseArgs({
  options: { remote: { type: 'boolean', default: false }, env: { type: 'string' } },
})

/** The rows of one query, as `wrangler d1 execute` reads them. */
function query<T>(sql: string): T[] {
  const args = ['d1', 'execute', 'DB', values.remote ? '--remote' : '--local', '--json', '--command', sql]
  if (values.env) args.push('--env', values.env)
  const output = execFileSync('node_modules/.bin/wrangler', args, {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
  })
  return (JSON.parse(output) as [{ results: T[] }])[0].results
}

/** The live editions. */
function liveEditions(): { doc: string; edition: Record<string, unknown> }[] {
  const sql = 'SELECT doc, published FROM content_documents WHERE published IS NOT NULL AND unpublished = 0'
  return query<{ doc: string; published: string }>(sql).map((row) => ({
    doc: row.doc,
    edition: JSON.parse(row.published),
  }))
}

// The repository's copy and the kinds of document, loaded as the build loads them (the content
// plugin compiles the Markdown): each kind says what of its live editions is written where.
const base = { configFile: false as const, logLevel: 'error' as const }
const { module: build } = await runnerImport<typeof import('../src/build/site-content.ts')>(
  '/src/build/site-content.ts',
  base,
)
const withContent = { ...base, plugins: [build.siteContent({ root: process.cwd() })] }
const load = async <T>(id: string) => (await runnerImport<T>(id, withContent)).module
const { defaultSiteCopy } =
  await load<typeof import('../src/content/site-copy.ts')>('/src/content/site-copy.ts')
const { posts } = await load<typeof import('../src/content/pages/blog.ts')>('/src/content/pages/blog.ts')
const { landingPages } = await load<typeof import('../src/content/landing/index.ts')>(
  '/src/content/landing/index.ts',
)
const { valueAt } = await load<typeof import('../src/lib/edition.ts')>('/src/lib/edition.ts')
const { pullOf } = await load<typeof import('../src/server/studio/kinds/index.ts')>(
  '/src/server/studio/kinds/index.ts',
)
const { valuesOf } = await load<typeof import('../src/server/studio/services/document-values.ts')>(
  '/src/server/studio/services/document-values.ts',
)
const defaults = { copy: defaultSiteCopy, posts, pages: landingPages }
// Each locale's repository words (src/content/locales/<code>/), which its published edition is written over.
const { LOCALES, DEFAULT_LOCALE } = await load<typeof import('../src/lib/locales.ts')>('/src/lib/locales.ts')
const localeCopies = new Map<string, unknown>()
for (const { code } of LOCALES.filter((row) => row.code !== DEFAULT_LOCALE))
  localeCopies.set(code, (await load<{ copy: unknown }>(`/src/content/locales/${code}/index.ts`)).copy)

const CONTENT = 'src/content'
const sources = new Map(
  readdirSync(CONTENT, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.startsWith('admin'))
    .map((file) => [join(CONTENT, file), readFileSync(join(CONTENT, file), 'utf8')]),
)
const written: string[] = []

const plan = planPull({
  live: liveEditions(),
  gone: query<{ doc: string }>('SELECT doc FROM content_documents WHERE unpublished = 1').map(
    (row) => row.doc,
  ),
  pullOf,
  valuesOf: (doc, edition) => valuesOf(defaults, doc, edition),
  copyAt: (path, locale) => valueAt(locale ? localeCopies.get(locale) : defaultSiteCopy, path),
  sources,
  tools: {
    markdownOf: (post) => markdownOf(post as PostSource),
    coverByHand: (doc, post) => coverByHand(doc, post as PostSource),
    postFile: (slug) => (posts.some((post) => post.slug === slug) ? fileOfSlug(slug) : undefined),
    landingPageFile: (page) => landingPageFile(page as { slug: string }),
    landingIndexFile,
  },
})
const byHand = plan.byHand
for (const [file, text] of plan.files) {
  mkdirSync(join(CONTENT, folderOf(file)), { recursive: true })
  writeFileSync(join(CONTENT, file), text)
  written.push(join(CONTENT, file))
}
// A document taken off the site whose kind keeps a file of it: the file leaves the repository too.
for (const { file, index } of plan.removed.filter(({ file }) => existsSync(join(CONTENT, file)))) {
  rmSync(join(CONTENT, file))
  written.push(`${join(CONTENT, file)} (removed)`)
  if (index) plan.indexes.set(folderOf(file), index)
}
// A folder that lists its files (src/content/landing/index.ts) lists them again.
for (const [folder, index] of plan.indexes) {
  const names = readdirSync(join(CONTENT, folder))
    .filter((name) => name.endsWith('.ts') && name !== 'index.ts')
    .map((name) => name.replace(/\.ts$/, ''))
  writeFileSync(join(CONTENT, folder, 'index.ts'), index(names))
  written.push(join(CONTENT, folder, 'index.ts'))
}

/** A repository post's file name (without .md), found by the slug in its frontmatter. */
function fileOfSlug(slug: string): string {
  const dir = join(CONTENT, 'blog')
  const file = readdirSync(dir).find((name) =>
    new RegExp(`^slug: ['"]?${slug}['"]?$`, 'm').test(readFileSync(join(dir, name), 'utf8')),
  )
  return file ? file.replace(/\.md$/, '') : slug
}

for (const [file, text] of applyReplacements(sources, plan.replacements)) {
  writeFileSync(file, text)
  written.push(file)
}
// The console's redirects, as one block of public/_redirects.
const REDIRECTS = 'public/_redirects'
const consoleRules = query<FileRule>('SELECT from_path AS "from", to_target AS "to", status FROM redirects')
const before = readFileSync(REDIRECTS, 'utf8')
const redirects = withConsoleRedirects(before, consoleRules)
if (redirects.text !== before) {
  writeFileSync(REDIRECTS, redirects.text)
  written.push(REDIRECTS)
}
if (redirects.left.length)
  byHand.push(
    `redirects not written to ${REDIRECTS} (a line there takes them, or past its limits): ${redirects.left.join(', ')}`,
  )

const formatted = written.filter((file) => file !== REDIRECTS && !file.endsWith('(removed)'))
if (formatted.length)
  execFileSync('node_modules/.bin/prettier', ['--write', ...formatted], { stdio: 'ignore' })
console.log(
  written.length
    ? `Wrote ${written.length} file(s) from the ${values.remote ? 'remote' : 'local'} database:\n  ${written.join('\n  ')}`
    : 'Nothing to write: the repository already holds every published edition it can.',
)
if (byHand.length)
  console.log(`Copy these by hand (the studio keeps them live meanwhile):\n  ${byHand.join('\n  ')}`)
console.log('Review with `git diff`, commit, and deploy.')
