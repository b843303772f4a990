/**
 * What a lead list's filter asks of D1 (storage/lead-list.ts): the FTS5 query for its words and
 * facets, and its conditions on leads or on the counters.
 */
import type { DeliveryChannel, LeadStatus } from '../../../schemas/admin-records'

export interface LeadFilter {
  status?: LeadStatus
  /** The channel that delivered the lead. */
  via?: DeliveryChannel
  /** The page the lead was sent from (its path, as stored). */
  path?: string
  /** The lead's campaign (utm_campaign, as stored). */
  campaign?: string
  /** Words, each matched against the start of a word of the name, e-mail, phone, inquiry, page, campaign or a campaign form's answers (see searchExpression). */
  q?: string
}

/**
 * A whole e-mail address typed into search: matched exactly (any case) through its own index
 * (migrations/0022), since its common words (`example`, `com`) would make the full-text query
 * walk most of the index.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const emailOf = (q: string | undefined) => (q && EMAIL.test(q.trim()) ? q.trim().toLowerCase() : null)

/**
 * Words shorter than this are matched whole, and at most PREFIX_WORDS words are prefix-expanded: a
 * one- or two-letter prefix, or many prefixes at once, expand to most of the index (review T7).
 * The index keeps a list per prefix of 3 to LONGEST_PREFIX letters (migrations/0026), walked and
 * stopped like a whole word's; a longer word is matched by its first LONGEST_PREFIX letters, since
 * FTS5 would merge every list a longer prefix matches before the LIMIT could stop it.
 */
const SHORTEST_PREFIX = 3
const LONGEST_PREFIX = 8
const PREFIX_WORDS = 3

/** The FTS5 query for what was typed: every word required, the first long ones as prefixes; null for no word. */
export function searchExpression(q: string | undefined): string | null {
  if (emailOf(q)) return null
  const words = (q ?? '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, 8)
  let prefixes = 0
  const term = (word: string) => {
    const letters = [...word]
    return letters.length >= SHORTEST_PREFIX && prefixes++ < PREFIX_WORDS
      ? `"${letters.slice(0, LONGEST_PREFIX).join('')}"*`
      : `"${word}"`
  }
  return words?.length ? words.map(term).join(' ') : null
}

/** A value's UTF-8 bytes in hex, as SQLite's lower(hex(...)) writes a page's or campaign's facet (migrations/0040). */
const hexOf = (value: string) =>
  [...new TextEncoder().encode(value)].map((byte) => byte.toString(16).padStart(2, '0')).join('')

/**
 * The FTS5 query for a filter with words or a page or campaign: the words in the seven searched
 * columns, and the status, channel, page and campaign as the words of the `facets` column
 * (migrations/0025, 0040), so FTS5 intersects them and a rare status among common words stops
 * early (review T7). Null for neither; null for a whole e-mail address too, which its own index
 * answers (and the other filters then test the few rows it finds).
 */
export function matchOf({ q, status, via, path, campaign }: LeadFilter): string | null {
  if (emailOf(q)) return null
  const words = searchExpression(q)
  if (!words && !path && !campaign) return null
  const facets = [
    status && `status${status}`,
    via && `via${via.replaceAll('-', '')}`,
    path && `page${hexOf(path)}`,
    campaign && `campaign${hexOf(campaign)}`,
  ].filter(Boolean)
  return [
    words && `{name email phone inquiry page campaign answers} : (${words})`,
    ...facets.map((facet) => `facets : "${facet}"`),
  ]
    .filter(Boolean)
    .join(' AND ')
}

/** The filter's conditions on `leads` (aliased `l`), or on the counters' columns with `on` ''. */
export function conditions(
  { status, via, path, campaign, q }: LeadFilter,
  on = 'l.',
): { sql: string[]; values: unknown[] } {
  const sql: string[] = []
  const values: unknown[] = []
  const email = emailOf(q)
  if (email) {
    sql.push(`lower(${on}email) = ?`)
    values.push(email)
  }
  if (status) {
    sql.push(`${on}status = ?`)
    values.push(status)
  }
  if (via) {
    sql.push(`${on}delivered_via = ?`)
    values.push(via)
  }
  // The counters keep '' for none; a filter always names a page or campaign.
  if (path) {
    sql.push(`${on}page_path = ?`)
    values.push(path)
  }
  if (campaign) {
    sql.push(`${on}utm_campaign = ?`)
    values.push(campaign)
  }
  return { sql, values }
}
