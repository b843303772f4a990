/**
 * `npm run db:export [-- --remote] [-- --env staging] [-- --out DIR]`: a dated SQL dump of the D1
 * database (leads, history, every table), by `wrangler d1 export`, to
 * backups/xr-stores[-ENV]-YYYY-MM-DDTHH-MM-SSZ.sql (git-ignored). Local by default: the database
 * `npm run dev` and `npm run preview` use (.wrangler/state). The dump holds personal data: keep it
 * where the leads are allowed to be, and delete it when the retention period says so.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

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
const args = ['d1', 'export', 'DB', values.remote ? '--remote' : '--local', '--output', output]
if (values.env) args.push('--env', values.env)
execFileSync('node_modules/.bin/wrangler', args, {
  stdio: 'inherit',
  env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
})
console.log(
  `Wrote ${output} (${values.remote ? 'remote' : 'local'} database${values.env ? `, env ${values.env}` : ''}).`,
)
