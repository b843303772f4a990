/**
 * What each console route is for. A route names the action of schemas/roles.ts it needs with
 * allow(action), checked against the signed-in person's role (people/services/access.ts may); a door
 * meant for everyone says so with openDoor. Both carry their action, so the worker tests can walk
 * every console route against the role table and fail on a route that names none.
 *
 * A role that may not answers 403: the console's page that names the roles needed, or, for a CSV
 * or a JSON request, the same in one short line. Never a redirect, never a 404.
 */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { forbidden as forbiddenWords, roles } from '../../../content/admin/roles'
import { fillTemplate } from '../../../lib/template'
import { log } from '../../../lib/log'
import { PERMISSIONS, type ConsoleAction } from '../../../schemas/roles'
import type { AppEnv } from '../../app-env'
import { adminFrame } from '../render/admin-frame'

/** The action a route names: one of the role table's, or `open` for a door everyone may use. */
export type RouteAction = ConsoleAction | 'open'

const wantsJson = (c: Context) =>
  /json/.test(c.req.header('Accept') ?? '') || /json/.test(c.req.header('Content-Type') ?? '')

/** The roles that may do `action`, in words. */
const rolesFor = (action: ConsoleAction) => PERMISSIONS[action].map((role) => roles[role].name).join(', ')

async function forbidden(c: Context<AppEnv>, action: ConsoleAction): Promise<Response> {
  const person = c.var.admin!
  log.warn('admin', 'refused: not for this role', {
    adminId: person.id,
    role: person.role,
    action,
    path: new URL(c.req.url).pathname,
  })
  const words = { roles: rolesFor(action), who: person.who, role: roles[person.role].name }
  if (new URL(c.req.url).pathname.endsWith('.csv'))
    return c.text(fillTemplate(forbiddenWords.short, words), 403)
  if (wantsJson(c)) return c.json({ error: fillTemplate(forbiddenWords.short, words) }, 403)
  // The console's page (its frame and every word of it) loads with the first refusal, not in every
  // isolate: /update and PUT /api/settings sit in the worker's entry (issue 58).
  const { forbiddenPage } = await import('../../../pages/admin/ForbiddenPage')
  return c.render(forbiddenPage({ ...(await adminFrame(c)), needs: words.roles }), { status: 403 })
}

/** A console route for the roles that may do `action`. */
export const allow = (action: ConsoleAction) =>
  Object.assign(
    createMiddleware<AppEnv>(async (c, next) => {
      const person = c.var.admin
      if (person && c.var.services.people.access.may(person, action)) return next()
      return forbidden(c, action)
    }),
    { action: action as RouteAction },
  )

/** A door everyone may use (sign-in, sign-out, invitations): said, so that no route is left unnamed. */
export const openDoor = Object.assign(
  createMiddleware(async (_c, next) => next()),
  { action: 'open' as RouteAction },
)
