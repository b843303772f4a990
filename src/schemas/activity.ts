/**
 * The console's activity log: what a row says (one event, by whom, on what), as the storage reads
 * it and the console shows it. Every event has its words in content/admin/activity.ts.
 */
export const ACTIVITY_ACTIONS = [
  'signed-in',
  'sign-in-failed',
  'signed-out',
  'signed-out-everywhere',
  'invited',
  'invitation-revoked',
  'role-changed',
  'admin-removed',
  'passkey-added',
  'passkey-removed',
  'device-forgotten',
  'viewer-url-changed',
  'content-published',
  'content-scheduled',
  'content-schedule-cancelled',
  'content-restored',
  'translation-saved',
  'translation-reviewed',
  'translation-published',
  'translation-imported',
  'post-created',
  'post-unpublished',
  'post-reverted',
  'post-moved',
  'page-created',
  'page-unpublished',
  'page-moved',
  'share-link-made',
  'share-link-revoked',
  'media-uploaded',
  'media-deleted',
  'media-described',
  'redirect-saved',
  'redirect-deleted',
  'address-ignored',
  'redirects-imported',
  'redirects-exported',
  'experiment-made',
  'experiment-started',
  'experiment-stopped',
  'experiment-promoted',
  'experiment-exported',
  'experiment-cookie-changed',
  'speed-share-changed',
  'lead-sent-again',
  'lead-not-spam',
  'lead-marked-spam',
  'lead-erased',
  'leads-exported',
  'traffic-exported',
  'activity-exported',
] as const
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number]

export const isActivityAction = (value: unknown): value is ActivityAction =>
  ACTIVITY_ACTIONS.includes(value as ActivityAction)

/** One event: when, who (a name, an Access e-mail, "api token"; empty for a failed sign-in), what, on what. */
export interface ActivityEntry {
  id: number
  at: string
  actor: string
  actorId: string | null
  action: ActivityAction
  /** The lead, admin, passkey, studio document or picture acted on, by id (never a lead's personal data). */
  subject: string | null
  /** The filter of an export, a role change, a viewer address, how someone signed in. */
  detail: string | null
  /** The client a failed sign-in came from (IPv4 address or IPv6 /64). */
  client: string | null
}

/** What the activity page shows: one person's events, or one kind, or both. */
export interface ActivityFilter {
  actor?: string
  action?: ActivityAction
}
