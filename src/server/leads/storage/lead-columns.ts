/**
 * The one map between a lead's fields (schemas/admin-records.ts LeadRow) and the columns of
 * table `leads` (migrations/0002): SELECT lists, INSERT lists and UPDATE assignments are all
 * built from it, so a field is named once.
 */
import type { LeadContent, LeadRow } from './lead-model'

/** Every field of a LeadRow, by column. */
const ROW_COLUMNS = {
  id: 'id',
  receivedAt: 'received_at',
  status: 'status',
  attempts: 'attempts',
  lastError: 'last_error',
  deliveredAt: 'delivered_at',
  deliveredVia: 'delivered_via',
  erasedAt: 'erased_at',
  spamReasons: 'spam_reasons',
  formFields: 'form_fields',
  name: 'name',
  email: 'email',
  phone: 'phone',
  inquiry: 'inquiry',
  localTime: 'local_time',
  pagePath: 'page_path',
  referrer: 'referrer',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  /** The locale of the page it was sent from (migrations/0052): a registry code, `en` before. */
  locale: 'locale',
} as const satisfies Record<keyof LeadRow, string>

/** The row's columns plus the four the desk keeps for itself. */
export const LEAD_COLUMNS = {
  ...ROW_COLUMNS,
  updatedAt: 'updated_at',
  claimedAt: 'claimed_at',
  stuckAlertedAt: 'stuck_alerted_at',
  /** The channel Send again chose (migrations/0017), or null for the failover rules. */
  sendVia: 'send_via',
} as const

type LeadField = keyof typeof LEAD_COLUMNS
type LeadValue = string | number | null
/** Named columns to set, by field. */
export type LeadUpdate = Partial<Record<LeadField, LeadValue>>

export const ROW_FIELDS = Object.keys(ROW_COLUMNS) as (keyof LeadRow)[]
export const CONTENT_FIELDS = [
  'name',
  'email',
  'phone',
  'inquiry',
  'localTime',
] as const satisfies readonly (keyof LeadContent)[]
export const ATTRIBUTION_FIELDS = [
  'pagePath',
  'referrer',
  'utmSource',
  'utmMedium',
  'utmCampaign',
] as const satisfies readonly (keyof LeadRow)[]

/** `column AS field, …` for SELECT and RETURNING. */
export const selected = (fields: readonly LeadField[]): string =>
  fields.map((field) => `${LEAD_COLUMNS[field]} AS ${field}`).join(', ')

/**
 * `column = ?n, …` for an UPDATE, numbering its parameters from `first`, and their values in
 * that order.
 *
 * @example assignments({ name: null, erasedAt: now }, 3) → { sql: 'name = ?3, erased_at = ?4', values: [null, now] }
 */
export function assignments(update: LeadUpdate, first: number): { sql: string; values: LeadValue[] } {
  const entries = Object.entries(update) as [LeadField, LeadValue][]
  return {
    sql: entries.map(([field], i) => `${LEAD_COLUMNS[field]} = ?${first + i}`).join(', '),
    values: entries.map(([, value]) => value),
  }
}
