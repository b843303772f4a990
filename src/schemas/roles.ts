/**
 * Who may do what in the console: every person has one role, and this table (action → roles) is
 * the one place that says what each role may use. The console's routes name their action
 * (server/people/middleware/permission.ts allow), its navigation shows only what the role may use, and
 * the worker tests walk every console route against this table.
 */
import type { CONSOLE_PARTS } from '../lib/console-parts'

/**
 * admin: everything; editor: site content, media and traffic, never a lead's personal data; sales:
 * the leads and traffic; translator: the site copy's translations in their chosen locales only
 * (drafts and statuses, never a publish, never English: docs/locales.md).
 */
export const ROLES = ['admin', 'editor', 'sales', 'translator'] as const
export type Role = (typeof ROLES)[number]

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role)

export const PERMISSIONS = {
  /** The overview (each part shows only what the role may use). */
  overview: ['admin', 'editor', 'sales', 'translator'],
  /** Your own passkeys and sessions. */
  account: ['admin', 'editor', 'sales', 'translator'],
  /** Views, visitors and leads per page, source, campaign and country: no personal data. */
  traffic: ['admin', 'editor', 'sales'],
  /** How fast the site is for real visitors, per page, device and region: no personal data. */
  speed: ['admin', 'editor', 'sales'],
  /** The studio: page copy and posts (drafts, preview, publish, schedule, history and restore). */
  content: ['admin', 'editor'],
  /** The site copy's list and its translations: drafts and statuses (a translator's in their locales only), never a publish. */
  translate: ['admin', 'editor', 'translator'],
  /** The media library: upload and delete pictures. */
  media: ['admin', 'editor'],
  /** Redirects: old addresses sent on to new ones, live without a deploy. */
  redirects: ['admin', 'editor'],
  /** Experiments: the list and results (no personal data). */
  experiments: ['admin', 'editor', 'sales'],
  /** Make, start, stop an experiment, and make a version live. */
  'experiment-actions': ['admin', 'editor'],
  /** Whether experiments remember a visitor's versions in a cookie (the privacy page follows). */
  'experiment-cookie': ['admin'],
  /** Every lead with its personal data: the list and a lead's page. */
  leads: ['admin', 'sales'],
  /** Send again, Not spam, Mark as spam and Erase. */
  'lead-actions': ['admin', 'sales'],
  /** The lead list as CSV. */
  'leads-export': ['admin', 'sales'],
  /** The viewer URL: /admin/settings, /update and PUT /api/settings. */
  'viewer-url': ['admin'],
  /** The team: who may sign in, invitations, roles, removals. */
  team: ['admin'],
  /** Who did what, and its CSV. */
  activity: ['admin'],
} as const satisfies Record<string, readonly Role[]>

export type ConsoleAction = keyof typeof PERMISSIONS

// Every console part (lib/console-parts.ts) names an action of this table: a part naming any other fails to compile.
const _everyPartNamesAnAction: Record<(typeof CONSOLE_PARTS)[number]['action'], readonly Role[]> = PERMISSIONS

export const CONSOLE_ACTIONS = Object.keys(PERMISSIONS) as ConsoleAction[]

/** Whether `role` may do `action`. */
export const may = (role: Role, action: ConsoleAction): boolean =>
  (PERMISSIONS[action] as readonly Role[]).includes(role)
