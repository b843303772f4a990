/**
 * A valid contact request becomes a lead: stored in D1, then queued for delivery. The visitor
 * hears success only when both happened, or when the lead is held over the daily e-mail cap
 * (stored, not e-mailed, waiting in the console). A queue that refuses undoes the insert, so
 * the visitor's retry is the only copy. Logs name leads by id, never by what they contain.
 */
import type { Bindings } from '../../env'
import { log } from '../../lib/log'
import { fail, ok, type Result } from '../../lib/result'
import { leadMessage, type Attribution, type LeadContent } from '../storage/lead-model'
import { LeadQueries } from '../storage/lead-queries'
import { LeadStore } from '../storage/leads'
import { alert } from './alerts'

type WaitUntil = Pick<ExecutionContext, 'waitUntil'>

/** CONTACT_DAILY_EMAIL_CAP, 100 unless set to another whole number. */
export function dailyEmailCap(env: Bindings): number {
  const cap = Number(env.CONTACT_DAILY_EMAIL_CAP)
  return Number.isInteger(cap) && cap >= 0 ? cap : 100
}

export async function acceptLead(
  env: Bindings,
  lead: { content: LeadContent; attribution: Attribution },
  ctx: WaitUntil,
): Promise<Result<{ id: string; held: boolean }>> {
  const id = crypto.randomUUID()
  const store = new LeadStore(env.DB)
  const cap = dailyEmailCap(env)
  const stored = await store.insert({ id, receivedAt: new Date().toISOString(), ...lead }, cap)
  if (!stored.ok) {
    log.error('contact', `lead ${id} not stored: ${stored.error.message}`)
    return stored
  }
  if (stored.value === 'held') {
    log.warn('contact', `lead ${id} held: the daily e-mail cap of ${cap} is reached`)
    ctx.waitUntil(alertHeld(env, id, cap))
    return ok({ id, held: true })
  }
  try {
    await env.LEADS.send(leadMessage(id), { contentType: 'json' })
  } catch (error) {
    log.error('contact', `lead ${id} stored but not queued: ${String(error)}`)
    const undone = await store.remove(id)
    if (!undone.ok) log.error('contact', `lead ${id} left for the sweep to queue: ${undone.error.message}`)
    return fail('the lead could not be queued', true)
  }
  log.info('contact', `lead ${id} accepted and queued`)
  return ok({ id, held: false })
}

/** Every held lead is worth an alert; the first one of a UTC day also says the cap was reached. */
async function alertHeld(env: Bindings, id: string, cap: number): Promise<void> {
  const reason = `the daily cap of ${cap} e-mails is reached; Send again in /admin/leads delivers it`
  await alert(env, { event: 'lead.held', leadId: id, reason })
  const counts = await new LeadQueries(env.DB).counts(new Date())
  if (counts.ok && counts.value.held.today === 1) {
    await alert(env, { event: 'cap.reached', leadId: id, reason: `${cap} leads were e-mailed today (UTC)` })
  }
}
