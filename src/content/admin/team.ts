/** /admin/team: the admins, their passkeys, invitations. */
import type { TeamRefusal } from '../../schemas/admin-outcomes'

/** Why a team change was refused: the words for each code of services/team.ts. */
const refusals = {
  'last-one': 'That would leave nobody who can sign in. Add a passkey for someone else first.',
  'password-admin':
    'The password admin signs in with ADMIN_PASSWORD; it is removed by unsetting that secret.',
  yourself: 'You cannot remove yourself; another admin can.',
  'name-taken': 'There is already an admin with that name.',
  'invitation-gone': 'This invitation has expired or was used already.',
} satisfies Record<TeamRefusal, string>

export const team = {
  refusals,
  meta: { title: 'Team · Admin', description: 'Who can sign in to the console, and their passkeys.' },
  heading: 'Team',
  members: {
    title: 'Admins',
    caption: 'Everyone who can use the console',
    name: 'Name',
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
  passkeys: {
    title: 'Your passkeys',
    intro:
      'A passkey signs you in with your device’s screen lock or security key: it cannot be guessed or phished, so no lockout ever applies to it.',
    label: 'Label',
    add: 'Add a passkey',
    busy: 'Waiting for your device…',
    needsScript: 'Adding a passkey needs JavaScript.',
    failed: 'The passkey was not added. Try again.',
    remove: 'Remove',
    none: 'You have no passkey yet.',
  },
  invite: {
    title: 'Invite an admin',
    intro:
      'The link lets one person register a passkey and sign in under this name. It works once, for 24 hours.',
    label: 'Their name',
    submit: 'Invite',
    linkTitle: 'Invitation link',
    linkNote: 'Copy it now and send it to them: it is shown only this once.',
    expires: 'Valid until (UTC)',
  },
  everywhere: {
    title: 'Sign out everywhere',
    note: 'Ends every session of yours, on every browser, this one included.',
    submit: 'Sign out everywhere',
  },
  access:
    'Cloudflare Access decides who signs in to this console: manage people in the Access application. Passkeys and invitations are not used.',
  notices: {
    removed: {
      ok: true,
      title: 'Removed',
      text: 'The admin is removed, with their passkeys and sessions.',
    },
    passkeyAdded: { ok: true, title: 'Passkey added', text: 'You can sign in with it from now on.' },
    passkeyRemoved: { ok: true, title: 'Passkey removed', text: 'It no longer signs you in.' },
    invalidName: {
      ok: false,
      title: 'Not invited',
      text: 'Give their name: 1 to 80 characters, no line breaks.',
    },
    failed: { ok: false, title: 'Not done', text: 'That did not go through. Try again in a moment.' },
    refused: 'Not done',
  },
}
