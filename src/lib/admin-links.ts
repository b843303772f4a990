/**
 * The console's addresses, for its routes, its pages and its links alike. Filters are query
 * strings, so the back button and bookmarks keep them.
 */
export const ADMIN_PATHS = {
  overview: '/admin',
  settings: '/admin/settings',
  restore: '/admin/settings/restore',
  leads: '/admin/leads',
  export: '/admin/leads.csv',
} as const

/** A filter of the lead list, as its query string carries it. */
export interface LeadListQuery {
  status?: string
  q?: string
  page?: number
}

/** @example leadHref('3f2a') === '/admin/leads/3f2a' */
export const leadHref = (id: string): string => `${ADMIN_PATHS.leads}/${encodeURIComponent(id)}`

/** What an admin can do to one lead, as its address names it. */
export type LeadActionName = 'send-again' | 'not-spam' | 'mark-spam' | 'erase'

/** @example leadActionHref('3f2a', 'erase') === '/admin/leads/3f2a/erase' */
export const leadActionHref = (id: string, action: LeadActionName): string => `${leadHref(id)}/${action}`

/**
 * The lead list (or its export, with `base`) for a filter and page; empty values are left out.
 *
 * @example leadsHref({ status: 'dead', q: '', page: 2 }) === '/admin/leads?status=dead&page=2'
 */
export function leadsHref({ status, q, page }: LeadListQuery, base: string = ADMIN_PATHS.leads): string {
  const query = new URLSearchParams()
  if (status) query.set('status', status)
  if (q?.trim()) query.set('q', q.trim())
  if (page && page > 1) query.set('page', String(page))
  const text = query.toString()
  return text ? `${base}?${text}` : base
}

/**
 * A time as the console shows it: UTC, to the second, and saying so.
 *
 * @example utcText('2026-11-22T09:41:07.123Z') === '2026-11-22 09:41:07 UTC'
 */
export function utcText(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`
}
