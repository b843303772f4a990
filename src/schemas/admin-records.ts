/**
 * The records the admin console shows, as plain types: storage (server/storage) reads them from
 * D1 and the sign-in guard, and the console's pages and components, which may not import the
 * server, render them. One definition for both sides.
 */

/** A lead's statuses, shown to admins as these words. */
export const LEAD_STATUSES = [
  'accepted',
  'sending',
  'delivered',
  'retrying',
  'dead',
  'held',
  'erased',
] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]

export const isLeadStatus = (value: unknown): value is LeadStatus =>
  (LEAD_STATUSES as readonly unknown[]).includes(value)

/** One lead as D1 holds it (times are ISO 8601, UTC). */
export interface LeadRow {
  id: string
  receivedAt: string
  status: LeadStatus
  attempts: number
  lastError: string | null
  deliveredAt: string | null
  deliveredVia: string | null
  erasedAt: string | null
  name: string | null
  email: string | null
  phone: string | null
  inquiry: string | null
  localTime: string | null
  pagePath: string | null
  referrer: string | null
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
}

/** Leads per status received today (UTC), in the last 7 days and in the last 30 days. */
export type StatusCounts = Record<LeadStatus, { today: number; week: number; month: number }>

/** Through which door the viewer URL was changed. */
export type ChangeSource = 'update' | 'console' | 'api'

/** One change of the viewer URL. */
export interface ViewerUrlChange {
  id: number
  /** ISO 8601, UTC. */
  changedAt: string
  changedBy: string
  source: ChangeSource
  oldValue: string
  newValue: string
}

/** What the sign-in guard reports about the last 15 minutes. */
export interface GuardStatus {
  failuresInWindow: number
  lockedClients: number
  everyoneLocked: boolean
}
