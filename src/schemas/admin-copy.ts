/**
 * Shape of the admin console's copy (content/admin.ts): its navigation, the words of each page,
 * and the notices a post answers with (a fixed set, chosen by the `?notice=` after the redirect).
 */
import { z } from 'zod'
import { noticeCopySchema } from './copy'

const text = z.string().trim().min(1)

/** An object of the named words, each a non-empty string. */
function words<K extends string>(...keys: K[]) {
  return z.strictObject(Object.fromEntries(keys.map((key) => [key, text])) as Record<K, typeof text>)
}

const metaSchema = words('title', 'description')

/** A notice after a redirect: a status when the change went through, an alert when not. */
export const adminNoticeSchema = noticeCopySchema.extend({ ok: z.boolean() })
export type AdminNotice = z.infer<typeof adminNoticeSchema>

export const adminCopySchema = z.strictObject({
  nav: words('label', 'overview', 'settings', 'leads'),
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
    signedInAs: text,
    viewer: words('title', 'current', 'defaultNote', 'lastChange', 'never', 'by', 'via', 'manage'),
    leads: words('title', 'manage'),
    guard: words('title', 'failures', 'lockedClients', 'everyoneLocked', 'yes', 'no', 'note'),
  }),
  settings: z.strictObject({
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
    /** Titles of the action notices (their texts are the services' ACTION_NOTICES), and a failure. */
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
