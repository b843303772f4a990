/**
 * The first step of `npm run deploy` and `npm run deploy:staging` (`-- --env staging`): stops
 * with one line per value still to fill in, rather than deploying a site whose canonical links
 * point at the example origin or whose bindings name placeholder resources, or a worker that
 * e-mails leads through EmailJS (LEAD_DELIVERY = "emailjs", production) without the EmailJS secrets,
 * whose leads would then retry until they are dead. The secrets are read from the deployed worker
 * (`wrangler secret list`, which needs the login the deploy needs).
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { parseArgs, stripVTControlCharacters } from 'node:util'
import { parse } from 'smol-toml'

interface Bindings {
  d1_databases?: { database_id: string }[]
  kv_namespaces?: { id: string }[]
  vars?: { SITE_ORIGIN?: string; LEAD_DELIVERY?: string }
}
interface Config extends Bindings {
  vars: { SITE_ORIGIN?: string; LEAD_DELIVERY?: string }
  env?: Record<string, Bindings>
}

/** What the worker needs to e-mail a lead through EmailJS (src/server/leads: EmailJS delivery). */
const EMAILJS_SECRETS = [
  'EMAILJS_PUBLIC_KEY',
  'EMAILJS_PRIVATE_KEY',
  'EMAILJS_SERVICE_ID',
  'EMAILJS_TEMPLATE_ID',
] as const

/** The names of the secrets set on the worker, or why they could not be read. */
function workerSecrets(env: string | undefined): { names: string[] } | { failure: string } {
  const args = ['secret', 'list', '--format', 'json', ...(env ? ['--env', env] : [])]
  const listed = spawnSync('wrangler', args, {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  })
  if (listed.error || listed.status !== 0) {
    const why = stripVTControlCharacters(listed.error?.message ?? listed.stderr ?? '')
      .replace(/^\W*\[ERROR\]\s*/, '')
      .trim()
      .split('\n')[0]
    return { failure: why || `exit ${listed.status}` }
  }
  try {
    return { names: (JSON.parse(listed.stdout) as { name: string }[]).map((secret) => secret.name) }
  } catch {
    return { failure: 'its answer was not a list' }
  }
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
const delivery = bindings.vars?.LEAD_DELIVERY ?? 'emailjs'
if (delivery === 'emailjs') {
  const secrets = workerSecrets(values.env)
  const missing = EMAILJS_SECRETS.filter((name) => !('names' in secrets) || !secrets.names.includes(name))
  if (missing.length > 0) {
    const put = `npx wrangler secret put NAME${values.env ? ` --env ${values.env}` : ''}`
    const unread = 'failure' in secrets ? ` (wrangler secret list: ${secrets.failure})` : ''
    problems.push(
      `Set the EmailJS secrets ${missing.join(', ')} on the worker${where} with \`${put}\`: leads are e-mailed through EmailJS (LEAD_DELIVERY = "emailjs")${unread}.`,
    )
  }
}
if (problems.length > 0) {
  for (const problem of problems) console.error(problem)
  console.error('See docs/deploy.md.')
  process.exit(1)
}
