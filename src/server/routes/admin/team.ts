/**
 * /admin/team: the admins and their passkeys, adding and removing your own passkeys, inviting a
 * named admin, removing one, and Sign out everywhere. Plain posts with Post/Redirect/Get, except
 * adding a passkey (WebAuthn needs JavaScript; the passkey script posts JSON).
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { adminCopy } from '../../../content/admin'
import { ADMIN_PATHS, invitationHref } from '../../../lib/admin-links'
import { log } from '../../../lib/log'
import type { Failure, Result } from '../../../lib/result'
import { teamPage } from '../../../pages/admin/TeamPage'
import type { AdminNotice } from '../../../schemas/admin-copy'
import type { TeamRefusal } from '../../../schemas/admin-outcomes'
import type { AppEnv } from '../../app-env'
import { clearSessionCookie } from '../../middleware/console-session'
import { adminFrame, backWith, valueOrNull } from '../../render/admin-frame'
import { renderPage } from '../../render/render'
import { relyingPartyOf } from '../../services/passkeys'
import { MAX_NAME_LENGTH } from '../../services/team'

type Ctx = Context<AppEnv>
const copy = adminCopy.team

/** The page's notices: its own, and one per refusal code of services/team.ts. */
const NOTICES: Record<string, AdminNotice> = {
  removed: copy.notices.removed,
  'passkey-added': copy.notices.passkeyAdded,
  'passkey-removed': copy.notices.passkeyRemoved,
  'invalid-name': copy.notices.invalidName,
  failed: copy.notices.failed,
  ...Object.fromEntries(
    Object.entries(copy.refusals).map(([code, text]) => [
      code,
      { ok: false, title: copy.notices.refused, text },
    ]),
  ),
}
/** The notice of a failed change: its refusal's code, or "failed" for a fault. */
const refusalKey = (error: Failure<TeamRefusal>) => error.code ?? 'failed'

/** Back to the team page after a change, with its notice. */
const back = (c: Ctx, result: Result<boolean, TeamRefusal>, done: string) =>
  backWith(c, ADMIN_PATHS.team, result.ok ? (result.value ? done : 'failed') : refusalKey(result.error))

/** One line of a person's name: no control characters, 1 to MAX_NAME_LENGTH characters. */
const personName = z
  .string()
  .trim()
  .min(1)
  .max(MAX_NAME_LENGTH)
  .refine((name) => !/\p{Cc}/u.test(name))

async function showTeam(c: Ctx, invitation?: { name: string; link: string; expiresAt: string }) {
  const [frame, members] = await Promise.all([adminFrame(c, NOTICES), c.var.services.team.members()])
  const page = teamPage({
    ...frame,
    members: valueOrNull(members, 'team'),
    me: c.var.admin?.id,
    accessOnly: c.var.services.access.accessOnly,
    invitation,
  })
  return renderPage(c, page, { status: invitation ? 201 : 200 })
}

/** The signed-in admin's id: a console session has one; a person Access signed in does not. */
const me = (c: Ctx) => c.var.admin?.id

export const adminTeam = new Hono<AppEnv>()

adminTeam.get('/', (c) => showTeam(c))

adminTeam.post('/invite', async (c) => {
  if (c.var.services.access.accessOnly) return c.text(copy.access, 403)
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const name = personName.safeParse(form.name)
  if (!name.success) return backWith(c, ADMIN_PATHS.team, 'invalid-name')
  const invited = await c.var.services.team.invite(name.data, c.var.admin!.who)
  if (!invited.ok) return backWith(c, ADMIN_PATHS.team, refusalKey(invited.error))
  log.info('admin', 'admin invited', { by: me(c) })
  // Shown once, in this answer: only the token's hash is stored.
  const link = new URL(invitationHref(invited.value.token), c.req.url).href
  return showTeam(c, { name: name.data, link, expiresAt: invited.value.expiresAt })
})

adminTeam.post('/passkeys/options', async (c) => {
  const id = me(c)
  if (!id || c.var.services.access.accessOnly) return c.json({ error: copy.access }, 403)
  const options = await c.var.services.passkeys.registrationOptions(
    relyingPartyOf(c.req.url),
    { adminId: id, name: c.var.admin!.who },
    'add-passkey',
    id,
  )
  return options.ok ? c.json(options.value) : c.json({ error: copy.passkeys.failed }, 503)
})

const addAnswer = z.object({
  response: z.looseObject({ id: z.string().min(1).max(1024), type: z.literal('public-key') }),
  label: z.string().trim().max(60).optional(),
})

adminTeam.post('/passkeys', async (c) => {
  const id = me(c)
  if (!id || c.var.services.access.accessOnly) return c.json({ error: copy.access }, 403)
  const answer = addAnswer.safeParse(await c.req.json().catch(() => undefined))
  if (!answer.success) return c.json({ error: copy.passkeys.failed }, 400)
  const { passkeys, team } = c.var.services
  const verified = await passkeys.verifyRegistration(
    relyingPartyOf(c.req.url),
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
  return c.json({ next: `${ADMIN_PATHS.team}?notice=passkey-added` })
})

adminTeam.post('/passkeys/:id/remove', async (c) => {
  const id = me(c)
  if (!id) return c.text(copy.access, 403)
  const removed = await c.var.services.team.removePasskey(id, c.req.param('id'))
  if (removed.ok && removed.value) log.info('admin', 'passkey removed', { adminId: id })
  return back(c, removed, 'passkey-removed')
})

adminTeam.post('/admins/:id/remove', async (c) => {
  if (c.var.services.access.accessOnly) return c.text(copy.access, 403)
  const removed = await c.var.services.team.remove(c.req.param('id'), { id: me(c) })
  if (removed.ok && removed.value)
    log.info('admin', 'admin removed', { adminId: c.req.param('id'), by: me(c) })
  return back(c, removed, 'removed')
})

adminTeam.post('/sign-out-everywhere', async (c) => {
  const id = me(c)
  if (!id) return c.text(copy.access, 403)
  const ended = await c.var.services.sessions.endAll(id)
  if (!ended.ok) return backWith(c, ADMIN_PATHS.team, 'failed')
  log.info('admin', 'signed out everywhere', { adminId: id, sessions: ended.value })
  clearSessionCookie(c)
  return c.redirect(`${ADMIN_PATHS.signIn}?notice=signed-out-everywhere`, 303)
})
