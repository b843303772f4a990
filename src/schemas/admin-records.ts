/**
 * The records the admin console shows, as plain types: storage (each wing's storage/) reads them from
 * D1 and the sign-in guard, and the console's pages and components, which may not import the
 * server, render them. One definition for both sides.
 */
import type { TrafficDimensionName } from '../lib/traffic-dimensions'
import type { ContactRequest } from './contact'
import type { Role } from './roles'

/** A lead's statuses, shown to admins as these words. */
export const LEAD_STATUSES = [
  'accepted',
  'sending',
  'delivered',
  'retrying',
  'dead',
  'held',
  'spam',
  'erased',
] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]

export const isLeadStatus = (value: unknown): value is LeadStatus =>
  (LEAD_STATUSES as readonly unknown[]).includes(value)

/** Statuses that wait for a person: dead and held at once, the in-flight ones once stuck a day. */
export const WAITING_STATUSES = ['dead', 'held', 'accepted', 'sending', 'retrying'] as const
/** How many leads wait for a person, per status (the console's banner). */
export type WaitingLeads = Record<(typeof WAITING_STATUSES)[number], number>

/** What the visitor typed, as the contact form's schema gives it, plus their local time. */
export type LeadContent = Pick<ContactRequest, 'name' | 'email' | 'phone' | 'inquiry'> & {
  /** The visitor's local date-time, as the e-mail shows it. */
  localTime: string
  /** A campaign form's answers with their definitions (SentForm as JSON, issue 63), as the e-mails carry them. */
  formFields?: string | null
}

/** Where a lead came from (server/traffic/middleware/attribution.ts); null where nothing is known. */
export interface Attribution {
  pagePath: string | null
  referrer: string | null
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
}

type Nullable<T> = { [K in keyof T]: T[K] | null }

/** One lead as D1 holds it (times are ISO 8601, UTC): its record, its content (null once erased) and attribution. */
export type LeadRow = {
  id: string
  receivedAt: string
  status: LeadStatus
  attempts: number
  lastError: string | null
  deliveredAt: string | null
  deliveredVia: string | null
  erasedAt: string | null
  /** The spam rules that caught it, one name per line (leads/services/spam-rules.ts); null when none did. */
  spamReasons: string | null
  /** A campaign form's answers with their definitions (SentForm as JSON); null for the spec's form or once erased. */
  formFields: string | null
  /** The locale of the page it was sent from (a code of lib/locales.ts); `en` for every lead before locales. */
  locale: string
} & Nullable<LeadContent> &
  Attribution

/** One page of the lead list (leads/storage/lead-list.ts). */
export interface LeadPage {
  rows: LeadRow[]
  /** How many match; with `atLeast`, a search stopped counting there. */
  total: number
  atLeast: boolean
  /** Keyset cursors for the pages before (newer) and after (older) this one, when there are such rows. */
  newer: string | null
  older: string | null
}

/** The pages and campaigns leads came from, for the lead list's filter (leads/storage/lead-list.ts). */
export interface LeadSources {
  pages: string[]
  campaigns: string[]
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

/** A passkey as the team page lists it (never its key). */
export interface PasskeySummary {
  id: string
  label: string
  createdAt: string
  lastUsedAt: string | null
}

/** A person as the team page lists them. */
/** An invitation not yet used and not expired; `id` is its token's hash (never the token). */
export interface PendingInvitation {
  id: string
  name: string
  role: Role
  invitedBy: string
  createdAt: string
  expiresAt: string
}

export interface TeamMember {
  id: string
  name: string
  role: Role
  /** A translator's locales, comma-separated (null for every other role). */
  locales?: string | null
  createdAt: string
  invitedBy: string | null
  lastSignInAt: string | null
  passkeys: PasskeySummary[]
  /** Signs in with ADMIN_PASSWORD (the password admin, while password sign-in is on). */
  password: boolean
  /** Has a way to sign in: the password, or a passkey. */
  canSignIn: boolean
}

/** How one delivery attempt ended: sent, worth another try, refused for good, or no answer (it may have been sent). */
export const ATTEMPT_OUTCOMES = ['delivered', 'retryable', 'permanent', 'unknown'] as const
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number]

/**
 * Where a lead can be delivered: EmailJS (the primary), Cloudflare Email Service (the second
 * channel), or the outbox (the lead desk itself, under `npm run dev` and on staging); and the CRM
 * webhook, a target of its own beside the e-mail.
 */
export const DELIVERY_CHANNELS = ['emailjs', 'sales-email', 'outbox', 'webhook'] as const
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number]
/** The channels that can deliver the e-mail (what a lead's "delivered via" names): every one but the webhook. */
export type EmailChannel = Exclude<DeliveryChannel, 'webhook'>
export const EMAIL_CHANNELS = DELIVERY_CHANNELS.filter(
  (channel): channel is EmailChannel => channel !== 'webhook',
)

/** One attempt to deliver a lead, as the lead's page lists it. */
export interface LeadAttempt {
  channel: DeliveryChannel
  startedAt: string
  finishedAt: string
  outcome: AttemptOutcome
  /** The provider's HTTP status, when it answered. */
  status: number | null
  /** A short reason, never the message. */
  reason: string | null
}

/** A delivery channel as the overview shows it. */
export interface ChannelState {
  channel: DeliveryChannel
  /** Set up in this deploy (EmailJS keys, or the second channel's addresses). */
  on: boolean
  /** Marked down since then (5 failures in a row), or null while up. */
  downSince: string | null
  lastSuccessAt: string | null
  /** Attempts over the last 24 hours: delivered, and every other outcome. */
  delivered: number
  failed: number
  /** Leads routed to it today (UTC), against its daily cap. */
  today: number
  cap: number
}

/** The CRM webhook on the overview: set up or why not, its last posts, and its posts over 24 hours. */
export interface HandOffState {
  on: boolean
  /** Why it is off, naming the setting to fix; null when on, or never set up. */
  why: string | null
  /** Its last post that went through, in the last 24 hours. */
  lastDeliveredAt: string | null
  /** Whether the last post in 24 hours went through (null: none). */
  lastPostDelivered: boolean | null
  delivered: number
  failed: number
}

/** A browser an admin signed in on: its device cookie spares it the global guessing ceiling. */
export interface DeviceRecord {
  id: string
  adminId: string
  createdAt: string
  lastUsedAt: string
}

/** One value of a traffic table (a page, a source, a campaign, a country: a dimension's value). */
export interface TrafficRowSummary {
  value: string
  views: number
  visitors: number
  /** Leads from it; null where leads cannot be told apart (countries: a lead has none). */
  leads: number | null
  conversion?: number | null
}

/** What /admin/traffic shows for a period. */
export interface TrafficReport {
  days: number
  /** The campaign the totals and days are narrowed to, if any (the tables stay whole). */
  campaign?: string
  from: string
  to: string
  totals: { views: number; visitors: number; leads: number; conversion: number | null }
  perDay: { day: string; views: number; visitors: number; leads: number }[]
  /** Each dimension's values (lib/traffic-dimensions.ts), most viewed first. */
  tables: Record<TrafficDimensionName, TrafficRowSummary[]>
  /** How many rows each table shows. */
  top: number
}
