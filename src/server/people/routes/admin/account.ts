/**
 * /admin/account, for everyone whatever their role: your own passkeys (add, remove), the browsers
 * you signed in on (Forget), and Sign out everywhere. Plain posts with Post/Redirect/Get, except adding a passkey (WebAuthn needs
 * JavaScript; the passkey script posts JSON).
 */
import { Hono, type Context } from 'hono'
import { adminCopy } from '../../../../content/admin'
import { ADMIN_PATHS } from '../../../../lib/admin-links'
import { log } from '../../../../lib/log'
import { accountPage } from '../../../../pages/admin/AccountPage'
import type { AdminNotice } from '../../../../schemas/admin-words'
import { readPasskeyAnswer } from '../../../../schemas/passkey-answer'
import type { AppEnv } from '../../../app-env'
import { recordActivity } from '../../middleware/activity'
import { clearSessionCookie, trustedDevice } from '../../middleware/console-session'
import { allow } from '../../middleware/permission'
import { adminFrame, backWith, valueOrNull } from '../../render/admin-frame'
import { relyingPartyOf } from '../../services/passkeys'

type Ctx = Context<AppEnv>
const copy = adminCopy.account

/** The page's notices: its own, and one per refusal code of people/services/team.ts. */
const NOTICES: Record<string, AdminNotice> = {
  'passkey-added': copy.notices.passkeyAdded,
  'passkey-removed': copy.notices.passkeyRemoved,
  'device-forgotten': copy.notices.deviceForgotten,
  failed: copy.notices.failed,
  ...Object.fromEntries(
    Object.entries(adminCopy.team.refusals).map(([code, text]) => [
      code,
      { ok: false, title: copy.notices.refused, text },
    ]),
  ),
}

/** The signed-in person's id: a console session has one; a person Access signed in does not. */
const me = (c: Ctx) => c.var.admin?.id

/** Passkeys and sessions belong to console sessions: Access identities have neither. */
const refusedJson = (c: Ctx) => c.json({ error: copy.access }, 403)

export const adminAccount = new Hono<AppEnv>()

adminAccount.use('*', allow('account'))

adminAccount.get('/', async (c) => {
  const id = me(c)
  const [frame, member, devices, thisBrowser] = await Promise.all([
    adminFrame(c, NOTICES),
    id ? c.var.services.people.team.memberWithPasskeys(id) : null,
    id ? c.var.services.people.devices.listFor(id) : null,
    trustedDevice(c),
  ])
  return c.render(
    accountPage({
      ...frame,
      member: member && valueOrNull(member, 'your passkeys'),
      devices: devices && valueOrNull(devices, 'your browsers'),
      thisBrowser: thisBrowser?.id,
      signedInByAccess: !id,
    }),
  )
})

adminAccount.post('/passkeys/options', async (c) => {
  const id = me(c)
  if (!id || c.var.services.people.access.accessOnly) return refusedJson(c)
  const options = await c.var.services.people.passkeys.registrationOptions(
    relyingPartyOf(c.req.url, c.env.SITE_ORIGIN),
    { adminId: id, name: c.var.admin!.who },
    'add-passkey',
    id,
  )
  return options.ok ? c.json(options.value) : c.json({ error: copy.passkeys.failed }, 503)
})

adminAccount.post('/passkeys', async (c) => {
  const id = me(c)
  if (!id || c.var.services.people.access.accessOnly) return refusedJson(c)
  const answer = await readPasskeyAnswer(c.req)
  if (!answer.success) return c.json({ error: copy.passkeys.failed }, 400)
  const { passkeys, team } = c.var.services.people
  const verified = await passkeys.verifyRegistration(
    relyingPartyOf(c.req.url, c.env.SITE_ORIGIN),
    answer.data.response as never,
    'add-passkey',
  )
  if (!verified.ok || verified.value.subject !== id) {
    log.warn('admin', 'new passkey refused', {
      adminId: id,
      reason: verified.ok ? 'another admin' : verified.error.message,
    })
    return c.json({ error: copy.passkeys.failed }, 403)
  }
  const added = await team.addPasskey(id, {
    ...verified.value.credential,
    label: answer.data.label || 'Passkey',
  })
  if (!added.ok) return c.json({ error: copy.passkeys.failed }, 503)
  log.info('admin', 'passkey added', { adminId: id })
  await recordActivity(c, 'passkey-added', { subject: verified.value.credential.id })
  return c.json({ next: `${ADMIN_PATHS.account}?notice=passkey-added` })
})

adminAccount.post('/passkeys/:id/remove', async (c) => {
  const id = me(c)
  if (!id) return c.text(copy.access, 403)
  const removed = await c.var.services.people.team.removePasskey(id, c.req.param('id'))
  if (removed.ok && removed.value) {
    log.info('admin', 'passkey removed', { adminId: id })
    await recordActivity(c, 'passkey-removed', { subject: c.req.param('id') })
  }
  const notice = removed.ok
    ? removed.value
      ? 'passkey-removed'
      : 'failed'
    : (removed.error.code ?? 'failed')
  return backWith(c, ADMIN_PATHS.account, notice)
})

adminAccount.post('/devices/:id/forget', async (c) => {
  const id = me(c)
  if (!id) return c.text(copy.access, 403)
  const forgotten = await c.var.services.people.devices.forget(id, c.req.param('id'))
  if (forgotten.ok && forgotten.value) {
    log.info('admin', 'device forgotten', { adminId: id })
    await recordActivity(c, 'device-forgotten', { subject: c.req.param('id') })
  }
  return backWith(c, ADMIN_PATHS.account, forgotten.ok && forgotten.value ? 'device-forgotten' : 'failed')
})

adminAccount.post('/sign-out-everywhere', async (c) => {
  const id = me(c)
  if (!id) return c.text(copy.access, 403)
  const ended = await c.var.services.people.sessions.endAll(id)
  if (!ended.ok) return backWith(c, ADMIN_PATHS.account, 'failed')
  log.info('admin', 'signed out everywhere', { adminId: id, sessions: ended.value })
  await recordActivity(c, 'signed-out-everywhere', { detail: `${ended.value} sessions` })
  clearSessionCookie(c)
  return c.redirect(`${ADMIN_PATHS.signIn}?notice=signed-out-everywhere`, 303)
})
