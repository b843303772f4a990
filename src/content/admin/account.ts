/** /admin/account: your own passkeys and sessions, whatever your role. */
export const account = {
  meta: { title: 'Your account · Admin', description: 'Your passkeys and your sessions.' },
  heading: 'Your account',
  role: 'Your role',
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
  devices: {
    title: 'Browsers you signed in on',
    intro:
      'A browser you signed in on within 30 days keeps its own five tries at your password, even while strangers are being locked out. Forget any you no longer use.',
    thisBrowser: 'This browser',
    firstUsed: 'First signed in',
    lastUsed: 'last signed in',
    forget: 'Forget',
    forgetThis: 'Forget this browser',
    forgetOther: 'Forget the browser last signed in on {when}',
    none: 'No browser is remembered for you.',
  },
  everywhere: {
    title: 'Sign out everywhere',
    note: 'Ends every session of yours, on every browser, this one included.',
    submit: 'Sign out everywhere',
  },
  notices: {
    passkeyAdded: { ok: true, title: 'Passkey added', text: 'You can sign in with it from now on.' },
    passkeyRemoved: { ok: true, title: 'Passkey removed', text: 'It no longer signs you in.' },
    deviceForgotten: {
      ok: true,
      title: 'Browser forgotten',
      text: 'It no longer gets its own tries at the password.',
    },
    failed: { ok: false, title: 'Not done', text: 'That did not go through. Try again in a moment.' },
    refused: 'Not done',
  },
  access: 'Cloudflare Access signs you in to this console: there are no passkeys or sessions to manage here.',
}
