/**
 * Records in the activity log (people/services/activity.ts) what the signed-in person just did: their
 * name and id, the event, and what it was about, by id. Recording never fails what was done.
 */
import type { Context } from 'hono'
import type { ActivityAction } from '../../../schemas/activity'
import type { AppEnv } from '../../app-env'

export function recordActivity<E extends AppEnv>(
  c: Context<E>,
  action: ActivityAction,
  about: { subject?: string; detail?: string; client?: string } = {},
): Promise<number | undefined> {
  const person = c.var.admin
  return c.var.services.people.activity.record({
    action,
    actor: person?.who ?? '',
    actorId: person?.id,
    ...about,
  })
}
