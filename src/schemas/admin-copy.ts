/**
 * Shape of the admin console's copy (content/admin.ts): its navigation, the words of each page,
 * and the notices a post answers with (a fixed set, chosen by the `?notice=` after the redirect).
 */
import { z } from 'zod'
import { TRAFFIC_DIMENSION_NAMES, type TrafficDimensionName } from '../lib/traffic-dimensions'
import {
  ACCESS_REFUSALS,
  FORM_REFUSALS,
  LEAD_ACTIONS,
  TEAM_REFUSALS,
  TRAFFIC_REFUSALS,
} from './admin-outcomes'
import { noticeCopySchema } from './copy'

const text = z.string().trim().min(1)

/** An object of the named words, each a non-empty string. */
function words<K extends string>(...keys: readonly K[]) {
  return z.strictObject(Object.fromEntries(keys.map((key) => [key, text])) as Record<K, typeof text>)
}

const metaSchema = words('title', 'description')

/** A notice after a redirect: a status when the change went through, an alert when not. */
export const adminNoticeSchema = noticeCopySchema.extend({ ok: z.boolean() })
export type AdminNotice = z.infer<typeof adminNoticeSchema>

export const adminCopySchema = z.strictObject({
  nav: words('label', 'overview', 'settings', 'leads', 'traffic', 'team'),
  /** Around every console page: the console's name, who is signed in, Sign out, the way back. */
  frame: words('brand', 'signedInAs', 'signOut', 'site', 'skip'),
  /** Why the console or the settings API refuses a request: words for every code. */
  access: words(...ACCESS_REFUSALS),
  signIn: z.strictObject({
    meta: metaSchema,
    heading: text,
    form: words('title', 'username', 'password', 'submit'),
    passkey: words('title', 'intro', 'button', 'busy', 'needsScript', 'failed', 'tooMany'),
    /** Why password sign-in is refused or off. */
    refusals: words('wrong', 'tooMany', 'guardDown', 'passwordOff', 'passwordTooShort', 'throughAccess'),
    notices: z.strictObject({ signedOut: adminNoticeSchema, signedOutEverywhere: adminNoticeSchema }),
  }),
  team: z.strictObject({
    meta: metaSchema,
    heading: text,
    /** Why a team change was refused: words for every code. */
    refusals: words(...TEAM_REFUSALS),
    members: words(
      'title',
      'caption',
      'name',
      'passkeys',
      'lastSignIn',
      'actions',
      'you',
      'password',
      'never',
      'noPasskeys',
      'remove',
      'added',
      'lastUsed',
    ),
    passkeys: words('title', 'intro', 'label', 'add', 'busy', 'needsScript', 'failed', 'remove', 'none'),
    invite: words('title', 'intro', 'label', 'submit', 'linkTitle', 'linkNote', 'expires'),
    everywhere: words('title', 'note', 'submit'),
    access: text,
    /** The team's notices; a refusal's notice is titled `refused`, with the refusal's words. */
    notices: z.strictObject({
      removed: adminNoticeSchema,
      passkeyAdded: adminNoticeSchema,
      passkeyRemoved: adminNoticeSchema,
      invalidName: adminNoticeSchema,
      failed: adminNoticeSchema,
      refused: text,
    }),
  }),
  traffic: z.strictObject({
    /** Why a traffic page refused its query string; `{choices}` is filled with the breakdowns. */
    refusals: words(...TRAFFIC_REFUSALS),
    meta: metaSchema,
    heading: text,
    period: words('label', 'days'),
    totals: words('title', 'views', 'visitors', 'leads', 'conversion'),
    chart: words('title', 'description', 'caption', 'day', 'views', 'visitors', 'leads'),
    /** Words for every traffic dimension: a new one cannot reach the page without them. */
    dimensions: z.strictObject(
      Object.fromEntries(TRAFFIC_DIMENSION_NAMES.map((name) => [name, words('title', 'column')])) as Record<
        TrafficDimensionName,
        ReturnType<typeof words<'title' | 'column'>>
      >,
    ),
    tables: words('views', 'visitors', 'leads', 'conversion', 'none'),
    csv: text,
    note: text,
    campaign: words('showing', 'all'),
  }),
  invite: z.strictObject({
    meta: metaSchema,
    heading: text,
    intro: text,
    label: text,
    submit: text,
    busy: text,
    needsScript: text,
    failed: text,
    gone: words('heading', 'text'),
  }),
  /** Shown for a field that has no value. */
  empty: text,
  /** Instead of a part of a page whose data could not be read. */
  unreadable: text,
  /** The banner while leads wait for an admin: dead or held ones, and those stuck in flight a day. */
  waiting: words('title', 'dead', 'held', 'accepted', 'sending', 'retrying', 'text', 'stuckText'),
  counts: words('title', 'caption', 'status', 'today', 'week', 'month'),
  overview: z.strictObject({
    meta: metaSchema,
    heading: text,
    viewer: words('title', 'current', 'defaultNote', 'lastChange', 'never', 'by', 'via', 'manage'),
    leads: words('title', 'manage'),
    traffic: words('title', 'views', 'leads', 'manage'),
    guard: words('title', 'failures', 'lockedClients', 'everyoneLocked', 'yes', 'no', 'note'),
  }),
  settings: z.strictObject({
    /** Why a viewer-URL form post was not read. */
    formRefusals: words(...FORM_REFUSALS),
    meta: metaSchema,
    heading: text,
    current: text,
    defaultNote: text,
    /** The field must be labelled "Viewer URL" (issue 10). */
    form: words('label', 'hint', 'submit'),
    history: words(
      'title',
      'caption',
      'when',
      'who',
      'from',
      'to',
      'restoreColumn',
      'via',
      'restore',
      'nothing',
      'none',
    ),
    notices: z.strictObject({
      updated: adminNoticeSchema,
      restored: adminNoticeSchema,
      invalid: adminNoticeSchema,
      failed: adminNoticeSchema,
      missing: adminNoticeSchema,
    }),
  }),
  leads: z.strictObject({
    meta: metaSchema,
    heading: text,
    listTitle: text,
    filter: words('legend', 'status', 'all', 'search', 'submit', 'clear', 'export'),
    table: words('caption', 'received', 'name', 'email', 'status', 'attempts', 'erased', 'none'),
    pager: words('label', 'previous', 'next', 'page', 'of', 'total'),
    /** What each lead action says once done, or when the lead's status refused it. */
    actions: z.strictObject(
      Object.fromEntries(LEAD_ACTIONS.map((action) => [action, words('done', 'refused')])) as Record<
        (typeof LEAD_ACTIONS)[number],
        ReturnType<typeof words<'done' | 'refused'>>
      >,
    ),
    /** Titles of the action notices, and a failure. */
    notices: words('done', 'notDone', 'failed'),
  }),
  lead: z.strictObject({
    meta: metaSchema,
    heading: text,
    back: text,
    delivery: words(
      'title',
      'id',
      'received',
      'status',
      'attempts',
      'lastError',
      'heldReason',
      'deliveredAt',
      'deliveredVia',
      'erasedAt',
      'spamReasons',
    ),
    visitor: words('title', 'name', 'email', 'phone', 'inquiry', 'localTime'),
    attribution: words('title', 'page', 'referrer', 'utmSource', 'utmMedium', 'utmCampaign'),
    actions: words(
      'title',
      'sendAgain',
      'sendAgainNote',
      'erase',
      'eraseNote',
      'notSpam',
      'notSpamNote',
      'markSpam',
      'markSpamNote',
      'none',
    ),
  }),
})
export type AdminCopy = z.infer<typeof adminCopySchema>
