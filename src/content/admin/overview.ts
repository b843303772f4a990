/** /admin (the overview) and /admin/settings (the viewer URL). */
import type { FormRefusal } from '../../schemas/admin-outcomes'

/** Why a viewer-URL form post (/admin/settings, /update) was not read. */
const formRefusals = {
  'not-a-form': 'Send the form as application/x-www-form-urlencoded or multipart/form-data.',
  unreadable: 'The form could not be read.',
} satisfies Record<FormRefusal, string>

export const overview = {
  meta: { title: 'Overview · Admin', description: 'The state of the site at a glance.' },
  heading: 'Overview',
  viewer: {
    title: 'Viewer URL',
    current: 'Current address',
    defaultNote: 'Nothing is stored, so the site links to the default.',
    lastChange: 'Last change',
    never: 'No change recorded yet.',
    by: 'by',
    via: 'via',
    manage: 'Change or restore the viewer URL',
  },
  leads: {
    title: 'Leads',
    manage: 'Open the leads',
    retentionBacklog:
      'Retention is catching up: about {n} leads past their retention period are still to be erased or deleted. It handles up to 5,000 every 10 minutes, with nothing for you to do.',
  },
  traffic: { title: 'Today (UTC)', views: 'Page views', leads: 'Leads', manage: 'Open the traffic' },
  channels: {
    title: 'Delivery channels',
    caption: 'How leads reach sales, over the last 24 hours',
    channel: 'Channel',
    state: 'State',
    lastSuccess: 'Last delivery (UTC)',
    delivered: 'Delivered (24 h)',
    failed: 'Failed (24 h)',
    today: 'Leads today (UTC) / daily cap',
    up: 'Working',
    downSince: 'Down since',
    off: 'Not set up',
    never: 'None yet',
    webhook: 'CRM webhook',
    webhookOff: 'Off:',
    webhookFailing: 'Failing: its last post did not go through',
    note: 'EmailJS sends every lead first. When it refuses a lead, fails it twice, or is down (5 failures in a row), the second channel sends it; EmailJS is tried again with one lead every 5 minutes.',
  },
  guard: {
    title: 'Sign-in guard',
    failures: 'Failed sign-ins in the last 15 minutes',
    lockedClients: 'Clients locked out',
    everyoneLocked: 'Everyone locked out',
    yes: 'Yes',
    no: 'No',
    note: 'A client is locked out for 15 minutes after 5 failed password sign-ins; every unknown client is, after 50 from all of them together. A browser that signed in before counts on its own, and passkeys are never locked out.',
  },
}

export const settings = {
  formRefusals,
  meta: {
    title: 'Viewer URL · Admin',
    description:
      'The 3D viewer address, its history and restore, and how many visits have their speed measured.',
  },
  heading: 'Viewer URL',
  current: 'Current address',
  defaultNote: 'Nothing is stored yet, so the site links to the default:',
  form: {
    label: 'Viewer URL',
    hint: 'An absolute https:// or http:// address of at most 2048 characters.',
    submit: 'Save',
  },
  history: {
    title: 'History',
    caption: 'Last 50 changes, newest first (times in UTC)',
    when: 'When',
    who: 'Who',
    from: 'From',
    to: 'To',
    restoreColumn: 'Restore',
    via: 'via',
    restore: 'Restore',
    nothing: '(nothing stored)',
    none: 'No change recorded yet.',
  },
  /** Field speed (issue 62): the share of visits whose browser measures the page's speed. */
  speed: {
    title: 'Speed measured in visitors’ browsers',
    intro:
      'On a share of visits, the visitor’s browser measures how fast the page appeared and reacted, and sends those timings once, with no cookie and nothing that identifies the visitor. More visits give steadier figures sooner; fewer load less on visitors’ phones.',
    now: 'Visits measured now:',
    defaultNote: '(the standard share: nobody has chosen one yet)',
    label: 'Share of visits measured (%)',
    hint: 'A whole number from 0 to 100. 0 stops measuring; 25 is the standard share.',
    submit: 'Save the share',
  },
  notices: {
    speedSaved: {
      ok: true,
      title: 'Share saved',
      text: 'Pages ask that share of visits to measure their speed from now on.',
    },
    speedInvalid: { ok: false, title: 'Not saved', text: 'Enter a whole number from 0 to 100.' },
    speedFailed: {
      ok: false,
      title: 'Not saved',
      text: 'The share could not be saved. Nothing changed; try again.',
    },
    updated: { ok: true, title: 'Viewer URL saved', text: 'The site links to the new address now.' },
    restored: {
      ok: true,
      title: 'Viewer URL restored',
      text: 'The site links to the restored address now; the history has a new row for it.',
    },
    invalid: {
      ok: false,
      title: 'Not saved',
      text: 'Enter an absolute https:// or http:// address of at most 2048 characters, without spaces or a password.',
    },
    failed: {
      ok: false,
      title: 'Not saved',
      text: 'The settings store did not accept the address. Nothing changed; try again.',
    },
    missing: {
      ok: false,
      title: 'Not restored',
      text: 'That change is not in the history (any more). Nothing changed.',
    },
  },
}
