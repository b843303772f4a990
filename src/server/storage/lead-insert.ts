/**
 * The one statement that stores a new lead and decides its status (storage/leads.ts insert):
 * "spam" when a spam rule caught it; "held" when it carries a hold reason; otherwise "accepted",
 * unless the day's caps say otherwise. Past `dailyCap` leads for EmailJS this UTC day, a lead goes
 * to the second channel (send_via 'sales-email') while that channel is under `secondCap` (0 when
 * it is off), and is held only when both are capped. Counting and inserting is one statement, so
 * the caps are exact; spam and held leads do not count.
 */
import { ATTRIBUTION_FIELDS, CONTENT_FIELDS, LEAD_COLUMNS } from './lead-columns'
import { capHoldReason, type NewLead } from './lead-model'

const INSERTED = [...CONTENT_FIELDS, ...ATTRIBUTION_FIELDS] as const

/** Today's leads of one channel, from the day's counters (migrations/0019): a few rows, whatever the day. */
const today = (via: string) =>
  `(SELECT COALESCE(SUM(n), 0) FROM lead_day_counts
     WHERE day = substr(?3, 1, 10) AND status NOT IN ('held', 'spam') AND ${via})`

export function insertLead(db: D1Database, lead: NewLead, dailyCap: number, secondCap: number) {
  const columns = INSERTED.map((field) => LEAD_COLUMNS[field]).join(', ')
  const params = INSERTED.map((_, i) => `?${i + 9}`).join(', ')
  const spamReasons = lead.spamReasons.length ? lead.spamReasons.join('\n') : null
  const values = [
    ...CONTENT_FIELDS.map((field) => lead.content[field]),
    ...ATTRIBUTION_FIELDS.map((field) => lead.attribution[field]),
  ]
  return db
    .prepare(
      `INSERT INTO leads (id, received_at, updated_at, spam_reasons, status, last_error, send_via, ${columns})
       SELECT ?1, ?2, ?2, ?5, decided.status,
         CASE decided.status WHEN 'held' THEN COALESCE(?6, ?7) END, decided.via, ${params}
       FROM (SELECT
           CASE WHEN ?5 IS NOT NULL THEN 'spam' WHEN ?6 IS NOT NULL THEN 'held'
             WHEN primary_today < ?4 OR second_today < ?8 THEN 'accepted' ELSE 'held' END AS status,
           CASE WHEN ?5 IS NULL AND ?6 IS NULL AND primary_today >= ?4 AND second_today < ?8
             THEN 'sales-email' END AS via
         FROM (SELECT ${today("send_via IS NOT 'sales-email'")} AS primary_today,
           ${today("send_via = 'sales-email'")} AS second_today)) AS decided
       RETURNING status`,
    )
    .bind(
      lead.id,
      lead.receivedAt,
      `${lead.receivedAt.slice(0, 10)}T00:00:00.000Z`,
      dailyCap,
      spamReasons,
      lead.holdReason ?? null,
      capHoldReason(dailyCap),
      secondCap,
      ...values,
    )
}
