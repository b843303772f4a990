/**
 * /admin/team (admins only): everyone who may use the console with their role and passkeys,
 * inviting someone with a role, changing a role, and removing someone. Plain posts with
 * Post/Redirect/Get. Your own passkeys and sessions are on /admin/account.
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { adminCopy } from '../../../../content/admin'
import { ADMIN_PATHS, invitationHref } from '../../../../lib/admin-links'
import { log } from '../../../../lib/log'
import type { Failure, Result } from '../../../../lib/result'
import { teamPage } from '../../../../pages/admin/TeamPage'
import type { AdminNotice } from '../../../../schemas/admin-words'
import type { TeamRefusal } from '../../../../schemas/admin-outcomes'
import { DEFAULT_LOCALE, locales } from '../../../../lib/locales'
import { ROLES } from '../../../../schemas/roles'
import type { AppEnv } from '../../../app-env'
import { recordActivity } from '../../middleware/activity'
import { allow } from '../../middleware/permission'
import { adminFrame, backWith, valueOrNull } from '../../render/admin-frame'
import { MAX_NAME_LENGTH } from '../../services/team'

type Ctx = Context<AppEnv>
const copy = adminCopy.team

/** The page's notices: its own, and one per refusal code of people/services/team.ts. */
const NOTICES: Record<string, AdminNotice> = {
  removed: copy.notices.removed,
  'role-changed': copy.notices.roleChanged,
  'invalid-role': copy.notices.invalidRole,
  'invalid-name': copy.notices.invalidName,
  revoked: copy.notices.revoked,
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

/**
 * One line of a person's name, 1 to MAX_NAME_LENGTH characters, with no control or format
 * characters: a right-to-left override or a zero-width space would let one name pass for another.
 */
const personName = z
  .string()
  .trim()
  .min(1)
  .max(MAX_NAME_LENGTH)
  .refine((name) => !/[\p{Cc}\p{Cf}]/u.test(name))
const role = z.enum(ROLES)
const invitee = z.object({ name: personName, role })

/**
 * The locales a form gives a translator (its `locales` boxes: codes of the registry but the
 * default), comma-separated; null for every other role, or a translator given none.
 */
function localesOf(form: Record<string, unknown>, asked: string): string | null {
  if (asked !== 'translator') return null
  const codes = [form.locales].flat().filter((code): code is string => typeof code === 'string')
  const known = locales().filter((row) => row.code !== DEFAULT_LOCALE && codes.includes(row.code))
  return known.map((row) => row.code).join(',') || null
}

async function showTeam(c: Ctx, invitation?: { name: string; link: string; expiresAt: string }) {
  const { team } = c.var.services.people
  const [frame, members, pending] = await Promise.all([
    adminFrame(c, NOTICES),
    team.members(),
    team.pendingInvitations(),
  ])
  const page = teamPage({
    ...frame,
    members: valueOrNull(members, 'team'),
    pending: valueOrNull(pending, 'invitations'),
    me: c.var.admin?.id,
    accessOnly: c.var.services.people.access.accessOnly,
    accessAdmins: c.var.services.people.access.accessAdmins,
    invitation,
  })
  return c.render(page, { status: invitation ? 201 : 200 })
}

const formOf = (c: Ctx) => c.req.parseBody({ all: true }).catch(() => ({}) as Record<string, unknown>)

export const adminTeam = new Hono<AppEnv>()

adminTeam.use('*', allow('team'))

adminTeam.get('/', (c) => showTeam(c))

adminTeam.post('/invite', async (c) => {
  if (c.var.services.people.access.accessOnly) return c.text(copy.access, 403)
  const form = await formOf(c)
  const asked = invitee.safeParse(form)
  if (!asked.success) return backWith(c, ADMIN_PATHS.team, 'invalid-name')
  const inLocales = localesOf(form, asked.data.role)
  const invited = await c.var.services.people.team.invite(
    { ...asked.data, locales: inLocales },
    c.var.admin!.who,
  )
  if (!invited.ok) return backWith(c, ADMIN_PATHS.team, refusalKey(invited.error))
  log.info('admin', 'admin invited', { by: c.var.admin?.id })
  await recordActivity(c, 'invited', { detail: `${asked.data.name} as ${asked.data.role}` })
  // Shown once, in this answer: only the token's hash is stored.
  const link = new URL(invitationHref(invited.value.token), c.req.url).href
  return showTeam(c, { name: asked.data.name, link, expiresAt: invited.value.expiresAt })
})

adminTeam.post('/invitations/:id/revoke', async (c) => {
  if (c.var.services.people.access.accessOnly) return c.text(copy.access, 403)
  const revoked = await c.var.services.people.team.revokeInvitation(c.req.param('id'))
  if (revoked.ok && revoked.value) {
    log.info('admin', 'invitation revoked', { by: c.var.admin?.id })
    await recordActivity(c, 'invitation-revoked')
  }
  return back(c, revoked, 'revoked')
})

adminTeam.post('/admins/:id/role', async (c) => {
  const form = await formOf(c)
  const asked = role.safeParse(form.role)
  if (!asked.success) return backWith(c, ADMIN_PATHS.team, 'invalid-role')
  const id = c.req.param('id')
  const inLocales = localesOf(form, asked.data)
  const changed = await c.var.services.people.team.changeRole(id, asked.data, inLocales)
  if (changed.ok && changed.value) {
    log.info('admin', 'role changed', { adminId: id, role: asked.data, by: c.var.admin?.id })
    const detail = inLocales ? `to ${asked.data} (${inLocales})` : `to ${asked.data}`
    await recordActivity(c, 'role-changed', { subject: id, detail })
  }
  return back(c, changed, 'role-changed')
})

adminTeam.post('/admins/:id/remove', async (c) => {
  if (c.var.services.people.access.accessOnly) return c.text(copy.access, 403)
  const id = c.req.param('id')
  const removed = await c.var.services.people.team.remove(id, { id: c.var.admin?.id })
  if (removed.ok && removed.value) {
    log.info('admin', 'admin removed', { adminId: id, by: c.var.admin?.id })
    await recordActivity(c, 'admin-removed', { subject: id })
  }
  return back(c, removed, 'removed')
})
