/** /admin/leads and a lead's page. */
import type { LeadAction } from '../../schemas/admin-outcomes'
import type { AttemptOutcome, DeliveryChannel } from '../../schemas/admin-records'

/** Lead-action notices' titles; their texts are `actions` below. */
const done = 'Done'
const notDone = 'Not done'

/** What the console says after each lead action: done, or refused by the lead's status. */
const actions = {
  'send-again': {
    done: 'The lead is back in the queue and will be sent in a moment.',
    refused: 'Only a dead or held lead can be sent again.',
  },
  erase: {
    done: 'The lead’s name, e-mail, phone and inquiry are erased, with everything else the visitor left.',
    refused: 'The lead is already erased.',
  },
  'not-spam': {
    done: 'The lead is not spam: it is back in the queue and will be sent in a moment.',
    refused: 'Only a spam lead can be marked as not spam.',
  },
  'mark-spam': {
    done: 'The lead is marked as spam: it will not be e-mailed, and is deleted with the rest of the spam.',
    refused: 'A delivered, erased or spam lead, or one being sent right now, cannot be marked as spam.',
  },
} satisfies Record<LeadAction, { done: string; refused: string }>

export const leads = {
  meta: { title: 'Leads · Admin', description: 'Every lead with its delivery status.' },
  heading: 'Leads',
  listTitle: 'List',
  filter: {
    legend: 'Filter the leads',
    status: 'Status',
    all: 'All statuses',
    via: 'Delivered by',
    anyChannel: 'Any channel',
    page: 'Sent from page',
    anyPage: 'Any page',
    campaign: 'Campaign',
    anyCampaign: 'Any campaign',
    search: 'Search names, e-mail addresses, phone numbers, the words of messages, pages and campaigns',
    submit: 'Filter',
    clear: 'Show all',
    export: 'Export CSV',
  },
  table: {
    caption: 'Leads, newest first',
    received: 'Received (UTC)',
    name: 'Name',
    email: 'E-mail',
    page: 'Sent from page',
    campaign: 'Campaign',
    status: 'Status',
    via: 'Delivered by',
    attempts: 'Attempts',
    erased: 'Erased lead',
    none: 'No lead matches.',
  },
  pager: {
    label: 'Pages',
    previous: 'Previous',
    next: 'Next',
    page: 'Page',
    of: 'of',
    total: 'leads',
    moreThan: 'more than',
  },
  actions,
  notices: {
    done,
    notDone,
    failed: 'The lead desk did not answer. Reload the lead to see its status, then try again.',
  },
}

export const lead = {
  meta: { title: 'Lead · Admin', description: 'One lead with its delivery record.' },
  heading: 'Lead',
  back: 'All leads',
  backToList: 'Back to the list',
  delivery: {
    title: 'Delivery',
    id: 'Reference',
    received: 'Received (UTC)',
    status: 'Status',
    attempts: 'Attempts',
    lastError: 'Last error',
    heldReason: 'Why it is held',
    deliveredAt: 'Delivered (UTC)',
    deliveredVia: 'Delivered via',
    /** Who a campaign form's lead tells (issue 63); the spec's form's leads go to sales and say nothing. */
    told: 'Who is told',
    toldSales: 'Sales (the usual address)',
    toldAddress: 'Another address:',
    toldNobody: 'Not e-mailed: this page’s form tells nobody by e-mail',
    toldBad: 'Nobody yet: the address this page’s form tells is not an e-mail address',
    erasedAt: 'Erased (UTC)',
    spamReasons: 'Why it is spam',
  },
  attempts: {
    title: 'Delivery attempts',
    caption: 'Every attempt to deliver this lead, oldest first',
    started: 'Started (UTC)',
    finished: 'Finished (UTC)',
    channel: 'Channel',
    outcome: 'Outcome',
    details: 'What the service said',
    none: 'No attempt yet.',
  },
  channels: {
    emailjs: 'EmailJS',
    'sales-email': 'Email Service (second channel)',
    outbox: 'Local outbox',
    webhook: 'CRM webhook',
  } satisfies Record<DeliveryChannel, string>,
  outcomes: {
    delivered: 'Delivered',
    retryable: 'Failed, tried again later',
    permanent: 'Refused: a setting needs fixing',
    unknown: 'No answer: it may have been sent',
  } satisfies Record<AttemptOutcome, string>,
  visitor: {
    title: 'What the visitor sent',
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    inquiry: 'Inquiry',
    localTime: 'Visitor’s local time',
  },
  /** A campaign form's own questions, as the form asked them when the lead was sent. */
  answers: {
    title: 'What the campaign’s form asked',
  },
  attribution: {
    title: 'Attribution',
    page: 'Page',
    referrer: 'Referrer',
    utmSource: 'Campaign source',
    utmMedium: 'Campaign medium',
    utmCampaign: 'Campaign name',
    /** The language of the page the form was sent from. */
    locale: 'Language',
  },
  actions: {
    title: 'Actions',
    sendAgain: 'Send again',
    sendAgainNote: 'Puts the lead back in the queue; EmailJS gets it in a moment.',
    erase: 'Erase',
    eraseNote:
      'Removes the name, e-mail, phone, inquiry and everything else the visitor left, for good; its reference, status and dates stay.',
    notSpam: 'Not spam',
    notSpamNote: 'Puts the lead in the queue; EmailJS gets it in a moment.',
    markSpam: 'Mark as spam',
    markSpamNote: 'Takes the lead out of delivery: never e-mailed, deleted with the rest of the spam.',
    none: 'Nothing to do: an erased lead is never sent.',
    sendThrough: 'Send through',
    eitherChannel: 'EmailJS first, the second channel if it fails',
  },
}
