/** /admin/team (admins only): the people, their roles and passkeys, invitations. */
import type { TeamRefusal } from '../../schemas/admin-outcomes'

/** Why a team change was refused: the words for each code of people/services/team.ts. */
const refusals = {
  'last-one':
    'That would leave no admin who can sign in. Make someone else an admin, or add a passkey for another admin, first.',
  'password-admin':
    'The password admin signs in with ADMIN_PASSWORD; it is removed by unsetting that secret.',
  yourself: 'You cannot remove yourself; another admin can.',
  'name-taken': 'There is already an admin, or an invitation waiting, with that name.',
  'invitation-gone': 'This invitation has expired or was used already.',
} satisfies Record<TeamRefusal, string>

export const team = {
  refusals,
  meta: { title: 'Team · Admin', description: 'Who can sign in to the console, their roles and passkeys.' },
  heading: 'Team',
  members: {
    title: 'People',
    caption: 'Everyone who can use the console, with their role',
    name: 'Name',
    role: 'Role',
    changeRole: 'Change role',
    passkeys: 'Passkeys',
    lastSignIn: 'Last sign-in (UTC)',
    actions: 'Actions',
    you: '(you)',
    password: 'signs in with the password',
    never: 'never',
    noPasskeys: 'none',
    remove: 'Remove',
    added: 'added',
    lastUsed: 'last used',
  },
  invite: {
    title: 'Invite someone',
    intro:
      'The link lets one person register a passkey and sign in under this name, with this role. It works once, for 24 hours.',
    label: 'Their name',
    role: 'Their role',
    chooseRole: 'Choose a role',
    submit: 'Invite',
    linkTitle: 'Invitation link',
    linkNote: 'Copy it now and send it to them: it is shown only this once.',
    expires: 'Valid until (UTC)',
  },
  pending: {
    title: 'Invitations not used yet',
    caption: 'Links that still let someone in',
    name: 'For',
    role: 'Role',
    invitedBy: 'Invited by',
    expires: 'Valid until (UTC)',
    actions: 'Actions',
    revoke: 'Revoke',
    none: 'No invitation is waiting to be used.',
    note: 'Revoking a link ends it at once. Removing someone also ends every link they sent.',
  },
  access:
    'Cloudflare Access decides who signs in to this console: manage people in the Access application. Passkeys and invitations are not used.',
  notices: {
    removed: {
      ok: true,
      title: 'Removed',
      text: 'The admin is removed, with their passkeys and sessions.',
    },
    roleChanged: {
      ok: true,
      title: 'Role changed',
      text: 'The new role counts from their next click: their open sessions no longer have the old one.',
    },
    invalidRole: { ok: false, title: 'Not done', text: 'Choose one of the roles: admin, editor or sales.' },
    invalidName: {
      ok: false,
      title: 'Not invited',
      text: 'Give their name (1 to 80 characters, no line breaks) and choose their role.',
    },
    revoked: { ok: true, title: 'Revoked', text: 'That invitation link no longer works.' },
    failed: { ok: false, title: 'Not done', text: 'That did not go through. Try again in a moment.' },
    refused: 'Not done',
  },
}
