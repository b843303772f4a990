import { PART_PATHS } from './console-parts'
import { idOf, partOf } from './document-kinds'

/**
 * The console's addresses, for its routes, its pages and its links alike: each part's (from
 * console-parts.ts) and the rest. Filters are query strings, so the back button and bookmarks keep them.
 */
export const ADMIN_PATHS = {
  ...PART_PATHS,
  newPost: '/admin/posts/new',
  newPage: '/admin/pages/new',
  redirectsDelete: '/admin/redirects/delete',
  redirectsIgnore: '/admin/redirects/ignore',
  redirectsImport: '/admin/redirects/import',
  redirectsCsv: '/admin/redirects/export.csv',
  restore: '/admin/settings/restore',
  speedShare: '/admin/settings/speed',
  export: '/admin/leads.csv',
  trafficCsv: '/admin/traffic.csv',
  activityCsv: '/admin/activity.csv',
  signIn: '/admin/sign-in',
  signOut: '/admin/sign-out',
  passkeySignInOptions: '/admin/sign-in/passkey/options',
  passkeySignIn: '/admin/sign-in/passkey',
  invite: '/admin/team/invite',
  passkeyOptions: '/admin/account/passkeys/options',
  passkeys: '/admin/account/passkeys',
  signOutEverywhere: '/admin/account/sign-out-everywhere',
} as const

/**
 * A locale's XLIFF file of the whole site copy: GET downloads it, POST (a form) checks or applies
 * an agency's file (docs/locales.md, "Working with a translation agency").
 *
 * @example translationFileHref('de') === '/admin/content/xliff/de'
 */
export const translationFileHref = (code: string): string => `${PART_PATHS.content}/xliff/${code}`

/**
 * A studio document's editor, under its kind's console part (document-kinds.ts: a post's under
 * /admin/posts, a landing page's under /admin/pages, the copy's under /admin/content); with
 * `action`, one of its verbs or pages (`preview`, `history`, `cancel`…).
 *
 * @example documentHref('home-hero') === '/admin/content/home-hero'
 * @example documentHref('post:my-post', 'preview') === '/admin/posts/my-post/preview'
 * @example documentHref('page:nrf-2027') === '/admin/pages/nrf-2027'
 */
export function documentHref(doc: string, action?: string): string {
  const list = PART_PATHS[partOf(doc)]
  // A locale's edition keeps its `@` (home-hero@de): a path may hold one as it is.
  const base = `${list}/${encodeURIComponent(idOf(doc)).replace('%40', '@')}`
  return action ? `${base}/${action}` : base
}

/**
 * A revision's Restore, or the repository's copy's.
 *
 * @example restoreHref('home-hero', 12) === '/admin/content/home-hero/history/12/restore'
 */
export const restoreHref = (doc: string, id: number | 'repository'): string =>
  documentHref(doc, `history/${id}/restore`)

/** @example invitationRevokeHref('ab12') === '/admin/team/invitations/ab12/revoke' */
export const invitationRevokeHref = (id: string): string =>
  `${ADMIN_PATHS.team}/invitations/${encodeURIComponent(id)}/revoke`

/** @example mediaDeleteHref('0a1b') === '/admin/media/0a1b/delete' */
export const mediaDeleteHref = (id: string): string => `${ADMIN_PATHS.media}/${encodeURIComponent(id)}/delete`

/** @example mediaAltHref('0a1b') === '/admin/media/0a1b/alt' */
export const mediaAltHref = (id: string): string => `${ADMIN_PATHS.media}/${encodeURIComponent(id)}/alt`

/** @example invitationHref('ab12') === '/admin/invite/ab12' */
export const invitationHref = (token: string): string => `/admin/invite/${encodeURIComponent(token)}`

/** @example passkeyRemoveHref('cred') === '/admin/account/passkeys/cred/remove' */
export const passkeyRemoveHref = (id: string): string =>
  `${ADMIN_PATHS.passkeys}/${encodeURIComponent(id)}/remove`

/** @example deviceForgetHref('9c1e') === '/admin/account/devices/9c1e/forget' */
export const deviceForgetHref = (id: string): string =>
  `${ADMIN_PATHS.account}/devices/${encodeURIComponent(id)}/forget`

/** @example adminRemoveHref('3f2a') === '/admin/team/admins/3f2a/remove' */
export const adminRemoveHref = (id: string): string => `/admin/team/admins/${encodeURIComponent(id)}/remove`

/** @example roleChangeHref('3f2a') === '/admin/team/admins/3f2a/role' */
export const roleChangeHref = (id: string): string => `/admin/team/admins/${encodeURIComponent(id)}/role`

/**
 * The activity log for a filter, from an entry on (`before`: older than that id); empty values
 * are left out.
 *
 * @example activityHref({ actor: 'Ada', before: 120 }) === '/admin/activity?person=Ada&before=120'
 */
export function activityHref(
  { actor, action, before }: { actor?: string; action?: string; before?: number },
  base: string = ADMIN_PATHS.activity,
): string {
  const query = new URLSearchParams()
  if (actor) query.set('person', actor)
  if (action) query.set('action', action)
  if (before) query.set('before', String(before))
  const text = query.toString()
  return text ? `${base}?${text}` : base
}

/**
 * Where sign-in may send a browser afterwards: a console page of this site, or /update (the
 * console's other page), else the overview. Only a path: never another origin, never `//host`.
 *
 * @example safeNext('/admin/leads?status=dead') === '/admin/leads?status=dead'
 * @example safeNext('https://evil.example/admin') === '/admin'
 */
export function safeNext(value: string | undefined | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value))
    return ADMIN_PATHS.overview
  const url = URL.parse(value, 'https://console.invalid')
  if (!url || url.origin !== 'https://console.invalid') return ADMIN_PATHS.overview
  const path = url.pathname
  const allowed =
    path === '/admin' ||
    (path.startsWith('/admin/') && !path.startsWith(ADMIN_PATHS.signIn)) ||
    path === '/update'
  return allowed ? path + url.search : ADMIN_PATHS.overview
}

/** @example signInHref('/admin/leads') === '/admin/sign-in?next=%2Fadmin%2Fleads' */
export const signInHref = (next?: string): string =>
  next && next !== ADMIN_PATHS.overview
    ? `${ADMIN_PATHS.signIn}?next=${encodeURIComponent(next)}`
    : ADMIN_PATHS.signIn

/** A filter of the lead list, as its query string carries it. */
export interface LeadListQuery {
  status?: string
  via?: string
  /** The page the leads were sent from (its path), and their campaign. */
  path?: string
  campaign?: string
  /** Search words, sealed (leads/services/sealed-search.ts): an address never carries them as typed. */
  search?: string
  page?: number
  /** Keyset cursors (leads/storage/lead-list.ts): the page after or before a row. */
  older?: string
  newer?: string
}

/**
 * New experiment with the document chosen, as the editor's "Test this draft" opens it.
 *
 * @example newExperimentHref('home-hero') === '/admin/experiments?doc=home-hero#new-experiment'
 */
export const newExperimentHref = (doc: string): string =>
  `${ADMIN_PATHS.experiments}?doc=${encodeURIComponent(doc)}#new-experiment`

/**
 * A lead's page; with `list`, the list it was opened from, so its Back link returns to that filter
 * and page.
 *
 * @example leadHref('3f2a') === '/admin/leads/3f2a'
 * @example leadHref('3f2a', { status: 'dead' }) === '/admin/leads/3f2a?list=status%3Ddead'
 */
export function leadHref(id: string, list?: LeadListQuery): string {
  const path = `${ADMIN_PATHS.leads}/${encodeURIComponent(id)}`
  const query = list ? leadsHref(list, '').slice(1) : ''
  return query ? `${path}?list=${encodeURIComponent(query)}` : path
}

/** The list a lead was opened from, as its `list` parameter gives it: known keys only. */
export function listQueryOf(text: string | undefined): LeadListQuery {
  const query = new URLSearchParams(text ?? '')
  const value = (key: string) => query.get(key) ?? undefined
  const page = Number(query.get('page'))
  return {
    status: value('status'),
    via: value('via'),
    path: value('path'),
    campaign: value('campaign'),
    search: value('search'),
    page: Number.isSafeInteger(page) && page > 1 ? page : undefined,
    older: value('older'),
    newer: value('newer'),
  }
}

/** What an admin can do to one lead, as its address names it. */
export const LEAD_ACTIONS = ['send-again', 'not-spam', 'mark-spam', 'erase'] as const
export type LeadActionName = (typeof LEAD_ACTIONS)[number]

/** @example leadActionHref('3f2a', 'erase') === '/admin/leads/3f2a/erase' */
export const leadActionHref = (id: string, action: LeadActionName, list?: LeadListQuery): string => {
  const [path, query] = leadHref(id, list).split('?')
  return query ? `${path}/${action}?${query}` : `${path}/${action}`
}

/**
 * The lead list (or its export, with `base`) for a filter and page; empty values are left out.
 *
 * @example leadsHref({ status: 'dead', page: 2 }) === '/admin/leads?status=dead&page=2'
 */
export function leadsHref(
  { status, via, path, campaign, search, page, older, newer }: LeadListQuery,
  base: string = ADMIN_PATHS.leads,
): string {
  const query = new URLSearchParams()
  if (status) query.set('status', status)
  if (via) query.set('via', via)
  if (path) query.set('path', path)
  if (campaign) query.set('campaign', campaign)
  if (search) query.set('search', search)
  if (page && page > 1) query.set('page', String(page))
  if (older) query.set('older', older)
  if (newer) query.set('newer', newer)
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
