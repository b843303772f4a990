/**
 * The console's doors, open to everyone (everything else under /admin needs a session):
 * - /admin/sign-in: the password form (behind the sign-in guard) and the passkey sign-in (never
 *   behind it: a passkey cannot be guessed);
 * - /admin/sign-out: ends this browser's session;
 * - /admin/invite/<token>: an invited person registers their passkey and is signed in.
 */
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { adminCopy } from '../../../../content/admin'
import { ADMIN_PATHS, safeNext } from '../../../../lib/admin-links'
import { log } from '../../../../lib/log'
import { invitationGonePage, invitePage } from '../../../../pages/admin/InvitePage'
import { signInPage, type SignInData } from '../../../../pages/admin/SignInPage'
import { readPasskeyAnswer } from '../../../../schemas/passkey-answer'
import type { AppEnv } from '../../../app-env'
import {
  clearSessionCookie,
  sessionToken,
  startConsoleSession,
  trustedDevice,
} from '../../middleware/console-session'
import { clientKeyOf, isRateLimited } from '../../../platform/http'
import { relyingPartyOf } from '../../services/passkeys'
import { DEVICE_PREFIX } from '../../storage/sign-in-guard'
import { openDoor } from '../../middleware/permission'

type Ctx = Context<AppEnv>
const copy = adminCopy.signIn

const WHY_NO_PASSWORD = {
  unset: copy.refusals.passwordOff,
  'too short': copy.refusals.passwordTooShort,
  'access only': copy.refusals.throughAccess,
} as const

const NOTICES = {
  'signed-out': copy.notices.signedOut,
  'signed-out-everywhere': copy.notices.signedOutEverywhere,
} as const

/** The sign-in page, with what the last attempt said. */
function signIn(
  c: Ctx,
  status: 200 | 401 | 403 | 413 | 429 | 503,
  data: Partial<SignInData> & { next: string },
) {
  const { access } = c.var.services.people
  const state = access.passwordState
  const page = signInPage({
    password:
      state === 'on'
        ? { open: true, username: data.password?.open ? data.password.username : undefined }
        : { open: false, why: WHY_NO_PASSWORD[state] },
    passkeys: !access.accessOnly,
    ...data,
  })
  return c.render(page, { status })
}

/** A JSON answer for the passkey script: where to go, or why not. */
const refusedJson = (c: Ctx, status: 400 | 403 | 410 | 413 | 429 | 503, error: string) =>
  c.json({ error }, status)

export const adminSignIn = new Hono<AppEnv>()

/** A short form or a passkey's answer is a few KiB: more is refused before it is read (review T16). */
export const SIGN_IN_BODY_LIMIT = 64 * 1024
const tooLarge = (c: Ctx) =>
  c.req.header('Content-Type')?.includes('json')
    ? refusedJson(c, 413, copy.refusals.tooLarge)
    : signIn(c, 413, { next: safeNext(undefined), refusal: copy.refusals.tooLarge })
// By path, not '*': mounted under /admin, a '*' here would cap every console post (media uploads too).
for (const path of ['/sign-in', '/sign-in/*', '/sign-out', '/invite/*'])
  adminSignIn.use(path, bodyLimit({ maxSize: SIGN_IN_BODY_LIMIT, onError: tooLarge }))

adminSignIn.get('/sign-in', openDoor, async (c) => {
  const key = c.req.query('notice') ?? ''
  const notice = Object.hasOwn(NOTICES, key) ? NOTICES[key as keyof typeof NOTICES] : undefined
  return signIn(c, 200, { next: safeNext(c.req.query('next')), notice })
})

adminSignIn.post('/sign-in', openDoor, async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  const next = safeNext(text(form.next))
  const username = text(form.username).slice(0, 200)
  const { access, team, activity } = c.var.services.people
  const state = access.passwordState
  if (state !== 'on') return signIn(c, state === 'access only' ? 403 : 503, { next })

  // Only the password admin's own browser is counted by itself, away from the global ceiling:
  // anyone else's never needs a password, so it is one more unknown client (review T3).
  const device = await trustedDevice(c)
  const ownBrowser = device !== undefined && (await team.isPasswordAdmin(device.adminId))
  const client = ownBrowser ? DEVICE_PREFIX + device.id : clientKeyOf(c)
  const attempt = await access.attemptPassword(client, undefined, async () =>
    (await access.isPasswordAdmin({ username, password: text(form.password) })) ? 'succeeded' : 'failed',
  )
  if ('refused' in attempt && attempt.refused === 'guard-down')
    return signIn(c, 503, { next, refusal: copy.refusals.guardDown })
  if ('refused' in attempt) {
    c.header('Retry-After', String(attempt.retryAfterSeconds))
    return signIn(c, 429, { next, refusal: copy.refusals.tooMany })
  }
  if (attempt.outcome !== 'succeeded') {
    // A form sign-in has no HTTP scheme to name; this one says where the form is.
    c.header('WWW-Authenticate', `Cookie realm="XR Stores admin", form-action="${ADMIN_PATHS.signIn}"`)
    await activity.record({ action: 'sign-in-failed', actor: '', client, detail: 'password' })
    return signIn(c, 401, { next, refusal: copy.refusals.wrong, password: { open: true, username } })
  }
  const admin = await team.passwordSignIn(access.passwordAdminName)
  const started = admin.ok ? await startConsoleSession(c, admin.value, 'password') : admin
  if (!started.ok) {
    log.error('admin', 'session not started', { reason: started.error.message })
    return signIn(c, 503, { next, refusal: copy.refusals.guardDown })
  }
  return c.redirect(next, 303)
})

adminSignIn.post('/sign-in/passkey/options', openDoor, async (c) => {
  const { access, passkeys } = c.var.services.people
  if (access.accessOnly) return refusedJson(c, 403, copy.refusals.throughAccess)
  // Each challenge is a D1 row: one client may ask for 30 a minute (wrangler.toml PASSKEY_LIMITER).
  const client = clientKeyOf(c)
  if (await isRateLimited(c.env.PASSKEY_LIMITER, client)) {
    log.warn('admin', 'passkey challenges rate limited', { client })
    c.header('Retry-After', '60')
    return refusedJson(c, 429, copy.passkey.tooMany)
  }
  const options = await passkeys.signInOptions(relyingPartyOf(c.req.url, c.env.SITE_ORIGIN))
  return options.ok ? c.json(options.value) : refusedJson(c, 503, copy.refusals.guardDown)
})

adminSignIn.post('/sign-in/passkey', openDoor, async (c) => {
  if (c.var.services.people.access.accessOnly) return refusedJson(c, 403, copy.refusals.throughAccess)
  const answer = await readPasskeyAnswer(c.req)
  if (!answer.success) return refusedJson(c, 400, copy.passkey.failed)
  const { passkeys, team } = c.var.services.people
  const adminId = await passkeys.verifySignIn(
    relyingPartyOf(c.req.url, c.env.SITE_ORIGIN),
    answer.data.response as never,
  )
  if (!adminId.ok) {
    log.warn('admin', 'passkey sign-in refused', { client: clientKeyOf(c), reason: adminId.error.message })
    return refusedJson(c, adminId.error.retryable ? 503 : 403, copy.passkey.failed)
  }
  const admin = await team.member(adminId.value)
  if (admin.ok && admin.value && !c.var.services.people.access.passkeysOn(admin.value.name)) {
    log.warn('admin', 'passkey sign-in refused: the password admin is off', { adminId: adminId.value })
    return refusedJson(c, 403, copy.passkey.failed)
  }
  const started = admin.ok && admin.value ? await startConsoleSession(c, admin.value, 'passkey') : undefined
  if (!started?.ok) return refusedJson(c, 503, copy.refusals.guardDown)
  return c.json({ next: safeNext(answer.data.next) })
})

adminSignIn.post('/sign-out', openDoor, async (c) => {
  const token = sessionToken(c)
  const { sessions, activity } = c.var.services.people
  const session = token ? await sessions.resume(token) : undefined
  if (token) await sessions.end(token)
  if (session?.ok && session.value) {
    const { name, adminId } = session.value
    await activity.record({ action: 'signed-out', actor: name, actorId: adminId })
  }
  clearSessionCookie(c)
  return c.redirect(`${ADMIN_PATHS.signIn}?notice=signed-out`, 303)
})

// --- invitations -------------------------------------------------------------------------------

async function openInvitation(c: Ctx) {
  return c.var.services.people.team.openInvitation(c.req.param('token') ?? '')
}

adminSignIn.get('/invite/:token', openDoor, async (c) => {
  if (c.var.services.people.access.accessOnly) return c.text(copy.refusals.throughAccess, 403)
  const invitation = await openInvitation(c)
  if (!invitation.ok) return c.text(copy.refusals.guardDown, 503)
  if (!invitation.value) return c.render(invitationGonePage(), { status: 410 })
  const { name, role, expiresAt } = invitation.value
  return c.render(invitePage({ token: c.req.param('token'), name, role, expiresAt }))
})

adminSignIn.post('/invite/:token/options', openDoor, async (c) => {
  if (c.var.services.people.access.accessOnly) return refusedJson(c, 403, copy.refusals.throughAccess)
  const invitation = await openInvitation(c)
  if (!invitation.ok) return refusedJson(c, 503, copy.refusals.guardDown)
  if (!invitation.value) return refusedJson(c, 410, adminCopy.invite.gone.text)
  // The admin's id is chosen now (the passkey's user handle) and travels with the challenge.
  const adminId = crypto.randomUUID()
  const options = await c.var.services.people.passkeys.registrationOptions(
    relyingPartyOf(c.req.url, c.env.SITE_ORIGIN),
    { adminId, name: invitation.value.name },
    'invitation',
    `${invitation.value.hash} ${adminId}`,
  )
  return options.ok ? c.json(options.value) : refusedJson(c, 503, copy.refusals.guardDown)
})

adminSignIn.post('/invite/:token', openDoor, async (c) => {
  if (c.var.services.people.access.accessOnly) return refusedJson(c, 403, copy.refusals.throughAccess)
  const invitation = await openInvitation(c)
  if (!invitation.ok) return refusedJson(c, 503, copy.refusals.guardDown)
  if (!invitation.value) return refusedJson(c, 410, adminCopy.invite.gone.text)
  const answer = await readPasskeyAnswer(c.req)
  if (!answer.success) return refusedJson(c, 400, adminCopy.invite.failed)
  const { passkeys, team } = c.var.services.people
  const verified = await passkeys.verifyRegistration(
    relyingPartyOf(c.req.url, c.env.SITE_ORIGIN),
    answer.data.response as never,
    'invitation',
  )
  const [hash, adminId] = verified.ok ? verified.value.subject.split(' ') : []
  if (!verified.ok || hash !== invitation.value.hash || !adminId) {
    log.warn('admin', 'invitation passkey refused', {
      reason: verified.ok ? 'another invitation' : verified.error.message,
    })
    return refusedJson(c, 403, adminCopy.invite.failed)
  }
  const label = answer.data.label || 'Passkey'
  const joined = await team.join(invitation.value, adminId, { ...verified.value.credential, label })
  if (!joined.ok)
    return joined.error.code
      ? refusedJson(c, 410, adminCopy.team.refusals[joined.error.code])
      : refusedJson(c, 503, copy.refusals.guardDown)
  log.info('admin', 'invitation redeemed', { adminId })
  const started = await startConsoleSession(c, joined.value, 'passkey')
  if (!started.ok) return refusedJson(c, 503, copy.refusals.guardDown)
  return c.json({ next: ADMIN_PATHS.overview })
})
