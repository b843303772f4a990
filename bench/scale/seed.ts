/**
 * A year of success in the local D1, made by SQLite itself (a recursive CTE per batch): `count`
 * leads spread over 400 days up to `now`, newest last, in realistic shares (a third spam; of the
 * rest, most delivered, 1 in 200 dead or held, those over a year old erased as retention leaves
 * them), with attribution; and 400 days of traffic aggregates at the per-day caps a 10-million-view
 * day fills (traffic/storage/traffic.ts: 200 sources, 200 campaigns, every country, the site's pages).
 */
const DAY_S = 24 * 60 * 60
const DAYS = 400

const FIRST = [
  'Ava',
  'Ben',
  'Chloé',
  'Dev',
  'Elif',
  'Farah',
  'Goran',
  'Hana',
  'Ines',
  'Jonas',
  'Kofi',
  'Lena',
]
const LAST = ['Okafor', 'Schmidt', 'Tanaka', 'García', 'Kowalski', 'Haddad', 'Novak', 'Silva', 'Berg']
const pick = (list: string[], of: string) =>
  `CASE ${of} ${list.map((word, i) => `WHEN ${i} THEN '${word}'`).join(' ')} END`

/**
 * One statement inserting the leads numbered `start` to `stop` (inclusive) of `total`, spread
 * over 400 days up to `now`, newest last: plain SQL (no bound values), for D1 or `wrangler d1
 * execute --file`.
 */
export function leadSeedSql(start: number, stop: number, total: number, now: Date): string {
  const step = (DAYS * DAY_S) / total
  const end = now.getTime() / 1000
  const yearAgo = new Date(now.getTime() - 365 * DAY_S * 1000).toISOString()
  return `WITH RECURSIVE n(i) AS (SELECT ${start} UNION ALL SELECT i + 1 FROM n WHERE i < ${stop}),
     rows AS (SELECT i, strftime('%Y-%m-%dT%H:%M:%fZ', ${end} - (${total} - i) * ${step}, 'unixepoch') AS at FROM n)
     INSERT INTO leads (id, received_at, updated_at, status, attempts, delivered_at, delivered_via,
       spam_reasons, erased_at, name, email, phone, inquiry, local_time, page_path, referrer, utm_source, utm_campaign)
     SELECT printf('seed-%08d', i), at, at, status, 1,
       CASE WHEN status IN ('delivered', 'erased') THEN at END,
       CASE WHEN status IN ('delivered', 'erased') THEN (CASE WHEN i % 50 = 0 THEN 'sales-email' ELSE 'emailjs' END) END,
       CASE WHEN status = 'spam' THEN 'honeypot filled' END,
       CASE WHEN status = 'erased' THEN at END,
       CASE WHEN status <> 'erased' THEN ${pick(FIRST, 'i % 12')} || ' ' || ${pick(LAST, 'i % 9')} || ' ' || i END,
       CASE WHEN status <> 'erased' THEN 'buyer' || i || '@brand' || (i % 997) || '.example' END,
       CASE WHEN status <> 'erased' THEN '+44 20 ' || (7000 + i % 3000) || ' ' || (1000 + i % 9000) END,
       CASE WHEN status <> 'erased' THEN 'We would like a virtual showroom for our ' ||
         ${pick(['spring', 'summer', 'autumn', 'winter'], 'i % 4')} || ' collection, order ' || i END,
       '11/22/2026, 9:41:00 AM',
       ${pick(['/', '/try-on', '/gaming', '/about', '/blog/virtual-stores'], 'i % 5')},
       CASE WHEN i % 3 = 1 THEN 'https://www.google.com/' END,
       CASE WHEN i % 7 = 0 THEN 'newsletter' END,
       CASE WHEN i % 7 = 0 THEN 'spring-' || (i % 40) END
     FROM (SELECT i, at, CASE
         WHEN i % 3 = 0 THEN 'spam'
         WHEN i % 200 = 1 THEN 'dead'
         WHEN i % 200 = 2 THEN 'held'
         WHEN at < '${yearAgo}' THEN 'erased'
         ELSE 'delivered' END AS status FROM rows);`
}

/**
 * The lead list's page and campaign filters and search (migrations/0040), as the scale run
 * measures them: every seeded lead has one of five pages, a seventh of them a campaign spring-0
 * to spring-39 (leadSeedSql).
 */
export const CAMPAIGN_PAGES = {
  'leads, page /try-on': '/admin/leads?path=%2Ftry-on',
  'leads, campaign spring-7': '/admin/leads?campaign=spring-7',
  'leads, page, campaign and status dead': '/admin/leads?path=%2Ftry-on&campaign=spring-1&status=dead',
  'search a campaign': '/admin/leads?q=spring-7',
  "search a page's address": '/admin/leads?q=try-on',
  'CSV, campaign spring-7': '/admin/leads.csv?campaign=spring-7',
}

/** Rows per seeding statement. */
export const SEED_BATCH = 50_000

export async function seedLeads(db: D1Database, from: number, to: number, total: number, now: Date) {
  for (let start = from; start < to; start += SEED_BATCH)
    await db.prepare(leadSeedSql(start, Math.min(to, start + SEED_BATCH) - 1, total, now)).run()
}

export async function seedTraffic(db: D1Database, now: Date) {
  const values: [string, number][] = [
    ['page', 30],
    ['source', 200],
    ['campaign', 200],
    ['country', 200],
  ]
  for (const [dimension, count] of values) {
    await db
      .prepare(
        `WITH RECURSIVE d(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM d WHERE k < ?1 - 1),
           v(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM v WHERE j < ?2 - 1)
         INSERT INTO traffic_daily (day, dimension, value, views, visitors, folded)
         SELECT date(?3, '-' || k || ' days'), ?4, ?4 || '-' || j, 10000000 / (j + 2), 6000000 / (j + 2), 1 FROM d, v`,
      )
      .bind(DAYS, count, now.toISOString().slice(0, 10), dimension)
      .run()
  }
}
