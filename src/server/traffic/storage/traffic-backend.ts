/**
 * Which traffic store the environment configures (traffic/storage/traffic.ts has the interface): D1 by
 * default, and Workers Analytics Engine when the ANALYTICS binding, CF_ACCOUNT_ID and
 * CF_ANALYTICS_TOKEN are all set. Anything in between is a configuration error that says what is
 * missing, never a quiet fall back to D1 (the console would then show figures from a store nobody
 * meant to use). One exception: under `npm run dev` (APP_ENV=development) the binding alone means
 * D1, since locally it is a simulator that stores nothing and the SQL API cannot read it.
 */
import { isDevelopment, type Bindings } from '../../../env'
import { isSecureEndpoint } from '../../../lib/endpoints'
import { fail, ok, type Result } from '../../../lib/result'
import { D1TrafficStore, TrafficSalts, type TrafficStore } from './traffic'
import { AnalyticsEngineTrafficStore } from './traffic-analytics-engine'

/** The dataset of the ANALYTICS binding when ANALYTICS_DATASET is not set (wrangler.toml). */
const DEFAULT_ANALYTICS_DATASET = 'xr_stores_traffic'

/** The SQL API of an account (Cloudflare's docs: Workers Analytics Engine, SQL API). */
const analyticsSqlUrl = (accountId: string) =>
  `https://api.cloudflare.com/client/v4/accounts/${accountId}/analytics_engine/sql`

/** The store the environment configures, or why it cannot run. */
/** `sqlBudgetMs` is the budget of one SQL API query (Config's analyticsSqlBudgetMs). */
export function trafficStoreFor(env: Bindings, sqlBudgetMs: number): Result<TrafficStore> {
  const binding = env.ANALYTICS
  const accountId = env.CF_ACCOUNT_ID?.trim()
  const token = env.CF_ANALYTICS_TOKEN?.trim()
  if (!accountId && !token && (!binding || isDevelopment(env))) return ok(new D1TrafficStore(env.DB))
  const missing = [
    !binding && 'the ANALYTICS binding ([[analytics_engine_datasets]] in wrangler.toml)',
    !accountId && 'CF_ACCOUNT_ID',
    !token && 'CF_ANALYTICS_TOKEN',
  ].filter(Boolean)
  if (!binding || !accountId || !token) {
    return fail(
      `Traffic in Workers Analytics Engine needs the ANALYTICS binding, CF_ACCOUNT_ID and CF_ANALYTICS_TOKEN; missing: ${missing.join(', ')}. Set all three, or none of them to count traffic in D1.`,
    )
  }
  if (!/^[0-9a-f]{32}$/i.test(accountId)) {
    return fail('CF_ACCOUNT_ID must be the 32-character account ID (Cloudflare dashboard, Account home).')
  }
  const table = env.ANALYTICS_DATASET?.trim() || DEFAULT_ANALYTICS_DATASET
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(table)) {
    return fail(
      'ANALYTICS_DATASET must be the dataset name of the ANALYTICS binding (letters, digits and _).',
    )
  }
  const sqlUrl = env.ANALYTICS_SQL_URL?.trim() || analyticsSqlUrl(accountId)
  if (!isSecureEndpoint(sqlUrl)) {
    return fail('ANALYTICS_SQL_URL must be an https:// address (http:// only on this machine).')
  }
  return ok(
    new AnalyticsEngineTrafficStore(
      {
        dataset: binding,
        table,
        sqlUrl,
        token,
        salts: new TrafficSalts(env.DB),
      },
      sqlBudgetMs,
    ),
  )
}
