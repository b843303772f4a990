/**
 * The first step of `npm run deploy` and `npm run deploy:staging` (`-- --env staging`): stops
 * with one line per value still to fill in, rather than deploying a site whose canonical links
 * point at the example origin or whose bindings name placeholder resources.
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { parse } from 'smol-toml'

interface Bindings {
  d1_databases?: { database_id: string }[]
  kv_namespaces?: { id: string }[]
}
interface Config extends Bindings {
  vars: { SITE_ORIGIN?: string }
  env?: Record<string, Bindings>
}

const { values } = parseArgs({ options: { env: { type: 'string' } } })
const config = parse(readFileSync('wrangler.toml', 'utf8')) as unknown as Config
const bindings: Bindings = values.env ? (config.env?.[values.env] ?? {}) : config
const where = values.env ? ` ([env.${values.env}])` : ''
const problems: string[] = []
const origin = URL.parse(config.vars.SITE_ORIGIN ?? '')
if (!origin || origin.protocol !== 'https:' || /(^|\.)example\.com$/.test(origin.hostname)) {
  problems.push(
    "Set [vars] SITE_ORIGIN in wrangler.toml to the site's https origin (it becomes the custom domain).",
  )
}
if (bindings.d1_databases?.some((db) => /^0{8}-/.test(db.database_id))) {
  problems.push(`Put the id from \`wrangler d1 create\` into wrangler.toml${where} (database_id).`)
}
if (bindings.kv_namespaces?.some((kv) => /^0+\d$/.test(kv.id))) {
  problems.push(
    `Put the id from \`wrangler kv namespace create\` into wrangler.toml${where} (kv_namespaces id).`,
  )
}
if (problems.length > 0) {
  for (const problem of problems) console.error(problem)
  console.error('See docs/deploy.md.')
  process.exit(1)
}
