/**
 * Every word of the admin console (admin only, unlisted, noindex), one file per area: the pages'
 * text, their notices, and the words for every refusal code a console service can answer with
 * (schemas/admin-outcomes.ts). Its type is this object's (schemas/admin-words.ts); words keyed by a
 * registry say so with `satisfies`, and tests/unit/admin-words.test.ts reads every word.
 */
import { account } from './account'
import { activity } from './activity'
import { tools } from './editor-tools'
import { experiments } from './experiments'
import { lead, leads } from './leads'
import { media } from './media'
import { nav } from './nav'
import { redirects } from './redirects'
import { overview, settings } from './overview'
import { landing } from './landing-pages'
import { posts } from './posts'
import { roleWords } from './role-notes'
import { forbidden, noRole } from './roles'
import { access, invite, signIn } from './sign-in'
import { studio } from './studio'
import { suggestions } from './suggestions'
import { team } from './team'
import { translationFiles } from './translation-files'
import { translations } from './translations'
import { speed } from './speed'
import { traffic } from './traffic'

export const adminCopy = {
  nav,
  frame: {
    brand: 'XR Stores console',
    signedInAs: 'Signed in as',
    signOut: 'Sign out',
    site: 'Back to the site',
    skip: 'Skip to content',
  },
  access,
  roles: roleWords,
  forbidden,
  noRole,
  signIn,
  team,
  translations,
  translationFiles,
  suggestions,
  account,
  activity,
  traffic,
  speed,
  invite,
  studio,
  posts,
  landing,
  media,
  redirects,
  experiments,
  tools,
  empty: '—',
  unreadable: 'This could not be read just now. Reload the page in a moment.',
  waiting: {
    title: 'Leads are waiting for you.',
    dead: 'dead',
    held: 'held',
    accepted: 'not sent a day after arriving',
    sending: 'still sending a day after arriving',
    retrying: 'still retrying a day after arriving',
    text: 'Send them again once the cause is fixed, or erase them.',
    stuckText: 'Delivery should have ended within hours: open each one to read its last error.',
  },
  counts: {
    title: 'Per status',
    caption: 'Leads per status, received today (UTC), in the last 7 days and in the last 30 days',
    status: 'Status',
    today: 'Today',
    week: '7 days',
    month: '30 days',
  },
  overview,
  settings,
  leads,
  lead,
}

declare module '../../schemas/admin-words' {
  interface AdminCopyOf {
    copy: typeof adminCopy
  }
}
