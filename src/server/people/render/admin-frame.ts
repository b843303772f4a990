/**
 * What every console page shows around its sections, and the console's Post/Redirect/Get: the
 * notice the last post chose (only a key the page lists is honoured; the address never carries
 * text), the leads waiting for a person, and reads that failed shown as "could not be read".
 */
import type { Context } from 'hono'
import { log } from '../../../lib/log'
import type { Result } from '../../../lib/result'
import type { AdminFrame } from '../../../pages/admin/AdminFrame'
import type { AdminNotice } from '../../../schemas/admin-words'
import type { ConsoleAction } from '../../../schemas/roles'
import type { AppEnv } from '../../app-env'
import { waitingLeads } from '../../leads/http'

/** The signed-in admin's name (consoleSignIn ran before every console route). */
export const adminName = (c: Context<AppEnv>): string => c.var.admin!.who

/** Whether the signed-in person may do `action`: what a page asks before it offers a button (people/services/access.ts may). */
export const mayDo = (c: Context<AppEnv>, action: ConsoleAction): boolean =>
  c.var.admin !== undefined && c.var.services.people.access.may(c.var.admin, action)

/**
 * A read's value, or null when it failed: the page then says that part could not be read,
 * and the reason goes to the log instead of the page.
 */
export function valueOrNull<T>(result: Result<T>, what: string): T | null {
  if (result.ok) return result.value
  log.error('admin', `${what} not shown`, { reason: result.error.message })
  return null
}

/**
 * The frame of a console page for the signed-in person: who, their role, the notice the last post
 * chose, and the leads waiting (read only for a role that may see leads; none for the others).
 */
export async function adminFrame(
  c: Context<AppEnv>,
  notices: Record<string, AdminNotice> = {},
): Promise<AdminFrame> {
  const key = c.req.query('notice') ?? ''
  const person = c.var.admin!
  const waiting = mayDo(c, 'leads') ? valueOrNull(await waitingLeads(c), 'waiting leads') : null
  return {
    who: person.who,
    role: person.role,
    notice: Object.hasOwn(notices, key) ? notices[key] : undefined,
    waiting,
  }
}

/** The 303 back to a console page after a post, naming the notice it should show. */
export const backWith = (c: Context, path: string, notice: string) => {
  // The notice first, then whatever the page's own address keeps (a lead's list: `?list=…`).
  const [base, query] = path.split('?', 2)
  return c.redirect(`${base}?notice=${encodeURIComponent(notice)}${query ? `&${query}` : ''}`, 303)
}
