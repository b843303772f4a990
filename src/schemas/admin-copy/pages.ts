/** The shapes of the console's words on its working pages: overview, viewer URL, leads, traffic. */
import { ATTEMPT_OUTCOMES, DELIVERY_CHANNELS } from '../admin-records'
import { z } from 'zod'
import { TRAFFIC_DIMENSION_NAMES, type TrafficDimensionName } from '../../lib/traffic-dimensions'
import { FORM_REFUSALS, LEAD_ACTIONS, TRAFFIC_REFUSALS } from '../admin-outcomes'
import { adminNoticeSchema, metaSchema, text, words } from './words'

export const pagesCopy = {
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
  overview: z.strictObject({
    meta: metaSchema,
    heading: text,
    viewer: words('title', 'current', 'defaultNote', 'lastChange', 'never', 'by', 'via', 'manage'),
    leads: words('title', 'manage', 'retentionBacklog'),
    traffic: words('title', 'views', 'leads', 'manage'),
    guard: words('title', 'failures', 'lockedClients', 'everyoneLocked', 'yes', 'no', 'note'),
    channels: words(
      'title',
      'caption',
      'channel',
      'state',
      'lastSuccess',
      'delivered',
      'failed',
      'today',
      'up',
      'downSince',
      'off',
      'never',
      'webhook',
      'webhookOff',
      'webhookFailing',
      'note',
    ),
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
    filter: words(
      'legend',
      'status',
      'all',
      'via',
      'anyChannel',
      'page',
      'anyPage',
      'campaign',
      'anyCampaign',
      'search',
      'submit',
      'clear',
      'export',
    ),
    table: words(
      'caption',
      'received',
      'name',
      'email',
      'page',
      'campaign',
      'status',
      'via',
      'attempts',
      'erased',
      'none',
    ),
    pager: words('label', 'previous', 'next', 'page', 'of', 'total', 'moreThan'),
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
    backToList: text,
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
    /** The delivery attempts table, and words for each channel and outcome. */
    attempts: words('title', 'caption', 'started', 'finished', 'channel', 'outcome', 'details', 'none'),
    channels: words(...DELIVERY_CHANNELS),
    outcomes: words(...ATTEMPT_OUTCOMES),
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
      'sendThrough',
      'eitherChannel',
    ),
  }),
}
