/** The console's doors: the sign-in page, an invitation's page, and why a request is not let in. */
import type { AccessRefusal } from '../../schemas/admin-outcomes'

/**
 * Why the console (as plain text) or the settings API (as JSON) refuses a request: the words for
 * each code of people/services/access.ts.
 */
export const access = {
  'wrong-password': 'Sign in with the admin username and password.',
  'bad-api-token': 'The API token is not valid.',
  'need-api-token': 'Send the API token as `Authorization: Bearer <token>`.',
  'through-access': 'Sign in through Cloudflare Access to reach the admin.',
  'bad-access-token': 'The Cloudflare Access token is not valid for this site.',
  'no-role':
    'Cloudflare Access signed you in, but you have no role in this console. Ask an admin to give you one.',
  'locked-out': 'Too many failed sign-in attempts. Try again in 15 minutes.',
  'guard-down': 'Sign-in is unavailable right now. Try again in a minute.',
  'password-off':
    'Admin access is disabled: set ADMIN_PASSWORD (`wrangler secret put ADMIN_PASSWORD`, or ADMIN_PASSWORD=... in .dev.vars for local development).',
  'password-too-short':
    'Admin access is disabled: ADMIN_PASSWORD must be at least 12 characters long. Set a longer one with `wrangler secret put ADMIN_PASSWORD`.',
} satisfies Record<AccessRefusal, string>

export const signIn = {
  meta: { title: 'Sign in · Admin', description: 'Sign in to the XR Stores console.' },
  heading: 'Sign in',
  form: { title: 'With the password', username: 'User name', password: 'Password', submit: 'Sign in' },
  passkey: {
    title: 'With a passkey',
    intro: 'Your device’s screen lock or security key: no password to type, and no lockout.',
    button: 'Sign in with a passkey',
    busy: 'Waiting for your passkey…',
    needsScript: 'Signing in with a passkey needs JavaScript.',
    failed: 'The passkey sign-in did not work. Try again, or sign in with the password.',
    tooMany: 'Too many passkey sign-ins from this network. Try again in a minute.',
  },
  refusals: {
    wrong: 'Wrong user name or password',
    tooMany: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    guardDown: 'Sign-in is unavailable right now. Try again in a minute.',
    passwordOff:
      'Password sign-in is off: set ADMIN_PASSWORD (`wrangler secret put ADMIN_PASSWORD`, or ADMIN_PASSWORD=... in .dev.vars for local development).',
    passwordTooShort:
      'Password sign-in is off: ADMIN_PASSWORD must be at least 12 characters long. Set a longer one with `wrangler secret put ADMIN_PASSWORD`.',
    throughAccess: 'Sign in through Cloudflare Access to reach the console.',
    tooLarge: 'That was far more than a sign-in sends. Reload the page and try again.',
  },
  notices: {
    signedOut: { ok: true, title: 'Signed out', text: 'You are signed out of the console.' },
    signedOutEverywhere: {
      ok: true,
      title: 'Signed out everywhere',
      text: 'Every session of yours has ended, on every browser.',
    },
  },
}

export const invite = {
  meta: { title: 'Invitation · Admin', description: 'Join the XR Stores console.' },
  heading: 'Join the console',
  intro: 'You are invited as',
  label: 'Label for this passkey',
  submit: 'Create your passkey',
  busy: 'Waiting for your device…',
  needsScript: 'Creating a passkey needs JavaScript.',
  failed: 'The passkey was not created. Try again.',
  gone: {
    heading: 'This invitation cannot be used',
    text: 'It has expired, or it was used already. Ask an admin for a new one.',
  },
}
