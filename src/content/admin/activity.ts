/** /admin/activity (admins only): who did what and when. */
import type { ActivityAction } from '../../schemas/activity'

/** What each event is called in the log. */
const actions = {
  'signed-in': 'Signed in',
  'sign-in-failed': 'Failed sign-in',
  'signed-out': 'Signed out',
  'signed-out-everywhere': 'Signed out everywhere',
  invited: 'Invited someone',
  'role-changed': 'Changed a role',
  'admin-removed': 'Removed someone',
  'passkey-added': 'Added a passkey',
  'passkey-removed': 'Removed a passkey',
  'viewer-url-changed': 'Changed the viewer URL',
  'lead-sent-again': 'Sent a lead again',
  'lead-not-spam': 'Marked a lead as not spam',
  'lead-marked-spam': 'Marked a lead as spam',
  'lead-erased': 'Erased a lead',
  'leads-exported': 'Exported leads',
  'traffic-exported': 'Exported traffic',
  'activity-exported': 'Exported the activity log',
} satisfies Record<ActivityAction, string>

export const activity = {
  actions,
  meta: { title: 'Activity · Admin', description: 'Who did what in the console, and when.' },
  heading: 'Activity',
  filter: {
    legend: 'Filter the activity',
    person: 'Person',
    action: 'Action',
    all: 'All actions',
    submit: 'Filter',
    clear: 'Show all',
    export: 'Export CSV',
  },
  table: {
    caption: 'Activity, newest first (times in UTC)',
    when: 'When (UTC)',
    who: 'Who',
    what: 'What',
    subject: 'On',
    detail: 'Detail',
    none: 'Nothing recorded for this filter.',
    unknown: '(unknown)',
  },
  older: 'Older entries',
  newest: 'Back to the newest',
  note: 'Kept 400 days. Entries name leads and people by id or name, never a password, a token or what a visitor wrote.',
}
