/**
 * The console's parts, one row each in the navigation's order: the part's name, its address and
 * the action of the role table it needs (schemas/roles.ts PERMISSIONS). The navigation, ADMIN_PATHS,
 * the console's mount (console/index.ts, one entry per part, checked by type) and the role
 * test read this list; the name keys the part's words in content/admin (`nav`), whose schema is
 * derived from it. Adding a part is a row here, its words, and its routes in the mount.
 */
export const CONSOLE_PARTS = [
  { part: 'overview', path: '/admin', action: 'overview' },
  { part: 'content', path: '/admin/content', action: 'translate' },
  { part: 'posts', path: '/admin/posts', action: 'content' },
  { part: 'landing', path: '/admin/pages', action: 'content' },
  { part: 'media', path: '/admin/media', action: 'media' },
  { part: 'redirects', path: '/admin/redirects', action: 'redirects' },
  { part: 'experiments', path: '/admin/experiments', action: 'experiments' },
  { part: 'settings', path: '/admin/settings', action: 'viewer-url' },
  { part: 'leads', path: '/admin/leads', action: 'leads' },
  { part: 'traffic', path: '/admin/traffic', action: 'traffic' },
  { part: 'speed', path: '/admin/speed', action: 'speed' },
  { part: 'team', path: '/admin/team', action: 'team' },
  { part: 'activity', path: '/admin/activity', action: 'activity' },
  { part: 'account', path: '/admin/account', action: 'account' },
  { part: 'help', path: '/admin/help', action: 'overview' },
] as const satisfies readonly ConsolePart[]

/** One part of the console. `action` is a key of the role table (checked where it is used). */
export interface ConsolePart {
  part: string
  path: `/admin${string}`
  action: string
}

type PartRow = (typeof CONSOLE_PARTS)[number]
export type AdminPart = PartRow['part']

/** Each part's address, by its name. */
export const PART_PATHS = Object.fromEntries(CONSOLE_PARTS.map((row) => [row.part, row.path])) as {
  [Row in PartRow as Row['part']]: Row['path']
}

/** The parts' names, for the shape of their words. */
export const PART_NAMES = CONSOLE_PARTS.map((row) => row.part)
