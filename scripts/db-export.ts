/**
 * `npm run db:export [-- --remote] [-- --env staging] [-- --out DIR]`: a dated SQL dump of the D1
 * database (leads, history, every table), by `wrangler d1 export`, to
 * backups/xr-stores[-ENV]-YYYY-MM-DDTHH-MM-SSZ.sql (git-ignored). Local by default: the database
 * `npm run dev` and `npm run preview` use (.wrangler/state). The dump holds the rows (the schema is
 * the migrations'; scripts/lib/export-tables.ts says which tables), and personal data: keep it where the leads are allowed to be, and delete it
 * when the retention period says so.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { tablesToExport } from './lib/export-tables.ts'

const { values } = parseArgs({
  options: {
    remote: { type: 'boolean', default: false },
    env: { type: 'string' },
    out: { type: 'string', default: 'backups' },
  },
})

const stamp = new Date()
  .toISOString()
  .replace(/\.\d+Z$/, 'Z')
  .replaceAll(':', '-')
const name = `xr-stores${values.env ? `-${values.env}` : ''}-${stamp}.sql`
mkdirSync(values.out!, { recursive: true })
const output = join(values.out!, name)
const where = [values.remote ? '--remote' : '--local', ...(values.env ? ['--env', values.env] : [])]
const wrangler = (args: string[], stdio: 'inherit' | 'pipe') =>
  execFileSync('node_modules/.bin/wrangler', args, {
    stdio: ['ignore', stdio, 'inherit'],
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
  })

const listed = JSON.parse(
  wrangler(
    [
      'd1',
      'execute',
      'DB',
      ...where,
      '--json',
      '--command',
      "SELECT name FROM sqlite_schema WHERE type = 'table'",
    ],
    'pipe',
  ),
) as { results: { name: string }[] }[]
const tables = tablesToExport(listed[0]!.results.map(({ name }) => name))
wrangler(
  [
    'd1',
    'export',
    'DB',
    ...where,
    '--no-schema',
    '--output',
    output,
    ...tables.flatMap((t) => ['--table', t]),
  ],
  'inherit',
)
console.log(
  `Wrote ${output} (${values.remote ? 'remote' : 'local'} database${values.env ? `, env ${values.env}` : ''}).`,
)
