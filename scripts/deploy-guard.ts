/**
 * The first step of `npm run deploy`: stops with one line per value still to fill in, rather than
 * deploying a site whose canonical links point at the example origin or whose bindings name
 * placeholder resources.
 */
import { readFileSync } from 'node:fs'
import { parse } from 'smol-toml'

interface Config {
  vars: { SITE_ORIGIN?: string }
  d1_databases?: { database_id: string }[]
  kv_namespaces?: { id: string }[]
}

const config = parse(readFileSync('wrangler.toml', 'utf8')) as unknown as Config
const problems: string[] = []
const origin = URL.parse(config.vars.SITE_ORIGIN ?? '')
if (!origin || origin.protocol !== 'https:' || /(^|\.)example\.com$/.test(origin.hostname)) {
  problems.push(
    "Set [vars] SITE_ORIGIN in wrangler.toml to the site's https origin (it becomes the custom domain).",
  )
}
if (config.d1_databases?.some((db) => /^0{8}-/.test(db.database_id))) {
  problems.push('Put the id from `wrangler d1 create xr-stores` into wrangler.toml (database_id).')
}
if (config.kv_namespaces?.some((kv) => /^0+1$/.test(kv.id))) {
  problems.push(
    'Put the id from `wrangler kv namespace create SETTINGS` into wrangler.toml (kv_namespaces id).',
  )
}
if (problems.length > 0) {
  for (const problem of problems) console.error(problem)
  console.error('See README, Deploy.')
  process.exit(1)
}
