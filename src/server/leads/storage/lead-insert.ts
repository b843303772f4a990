/**
 * The one statement that stores a new lead and decides its status (leads/storage/leads.ts insert):
 * "spam" when a spam rule caught it; "held" when it carries a hold reason; otherwise "accepted",
 * unless the day's caps say otherwise. The channels' caps come in failover order: a lead goes to
 * the first channel still under its cap this UTC day (send_via NULL for the first, the channel's
 * name for any other; a cap of 0 is a channel that is off), and is held only when every one is
 * capped. Counting and inserting is one statement, so the caps are exact; spam and held leads do
 * not count.
 */
import { DEFAULT_LOCALE } from '../../../lib/locales'
import { ATTRIBUTION_FIELDS, CONTENT_FIELDS, LEAD_COLUMNS } from './lead-columns'
import { capHoldReason, type NewLead } from './lead-model'

/** One channel's daily cap, as the lead desk hands them in (leads/services/lead-channels.ts). */
export interface ChannelCap<Name extends string = string> {
  channel: Name
  cap: number
}

const INSERTED = [...CONTENT_FIELDS, 'formFields', ...ATTRIBUTION_FIELDS, 'locale'] as const
/** Parameters ?1–?6 are the lead's own; each channel's name and cap follow, then the columns. */
const FIRST_CHANNEL_PARAM = 7

/** Today's leads of one channel, from the day's counters (migrations/0019): a few rows, whatever the day. */
const today = (via: string) =>
  `(SELECT COALESCE(SUM(n), 0) FROM lead_day_counts
     WHERE day = substr(?3, 1, 10) AND status NOT IN ('held', 'spam') AND (${via}))`

export function insertLead(db: D1Database, lead: NewLead, caps: readonly ChannelCap[]) {
  if (caps.length === 0) throw new Error('a lead needs at least one channel to be filed for')
  const name = (i: number) => `?${FIRST_CHANNEL_PARAM + 2 * i}`
  const cap = (i: number) => `?${FIRST_CHANNEL_PARAM + 2 * i + 1}`
  const others = caps.slice(1).map((_, i) => name(i + 1))
  // The first channel counts every lead not sent through another (send_via NULL, or older names).
  const counted = caps.map((_, i) =>
    i === 0
      ? today(others.length ? `send_via IS NULL OR send_via NOT IN (${others.join(', ')})` : '1')
      : today(`send_via = ${name(i)}`),
  )
  const under = caps.map((_, i) => `today_${i} < ${cap(i)}`)
  const firstColumn = FIRST_CHANNEL_PARAM + 2 * caps.length
  const columns = INSERTED.map((field) => LEAD_COLUMNS[field]).join(', ')
  const params = INSERTED.map((_, i) => `?${i + firstColumn}`).join(', ')
  const spamReasons = lead.spamReasons.length ? lead.spamReasons.join('\n') : null
  const values = [
    ...CONTENT_FIELDS.map((field) => lead.content[field]),
    lead.form ? JSON.stringify(lead.form) : null,
    ...ATTRIBUTION_FIELDS.map((field) => lead.attribution[field]),
    lead.locale ?? DEFAULT_LOCALE,
  ]
  return db
    .prepare(
      `INSERT INTO leads (id, received_at, updated_at, spam_reasons, status, last_error, send_via, ${columns})
       SELECT ?1, ?2, ?2, ?5, decided.status,
         CASE decided.status WHEN 'held' THEN COALESCE(?6, ?4) END, decided.via, ${params}
       FROM (SELECT
           CASE WHEN ?5 IS NOT NULL THEN 'spam' WHEN ?6 IS NOT NULL THEN 'held'
             WHEN ${under.join(' OR ')} THEN 'accepted' ELSE 'held' END AS status,
           CASE WHEN ?5 IS NOT NULL OR ?6 IS NOT NULL OR ${under[0]} THEN NULL
             ${caps
               .slice(1)
               .map((_, i) => `WHEN ${under[i + 1]} THEN ${name(i + 1)}`)
               .join(' ')} END AS via
         FROM (SELECT ${counted.map((sql, i) => `${sql} AS today_${i}`).join(', ')})) AS decided
       RETURNING status`,
    )
    .bind(
      lead.id,
      lead.receivedAt,
      `${lead.receivedAt.slice(0, 10)}T00:00:00.000Z`,
      capHoldReason(caps[0]!.cap),
      spamReasons,
      lead.holdReason ?? null,
      ...caps.flatMap(({ channel, cap }) => [channel, cap]),
      ...values,
    )
}
