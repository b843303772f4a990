/**
 * What an admin can do to a lead from the console. Each is one guarded status change in D1
 * (storage/lead-model.ts TRANSITIONS): Send again puts a dead or held lead back in the queue;
 * Erase removes its personal fields for good, and an erased lead is never sent.
 */
import type { Bindings } from '../../env'
import { log } from '../../lib/log'
import { fail, ok, type Result } from '../../lib/result'
import { leadMessage } from '../storage/lead-model'
import { LeadStore } from '../storage/leads'

export type LeadAction = 'send-again' | 'erase'

/** What the console says afterwards. */
export const ACTION_NOTICES: Record<LeadAction, { done: string; refused: string }> = {
  'send-again': {
    done: 'The lead is back in the queue and will be sent in a moment.',
    refused: 'Only a dead or held lead can be sent again.',
  },
  erase: {
    done: 'The lead’s name, e-mail, phone and inquiry are erased.',
    refused: 'The lead is already erased.',
  },
}

export async function runLeadAction(
  env: Bindings,
  id: string,
  action: LeadAction,
  who: string,
): Promise<Result<boolean>> {
  const store = new LeadStore(env.DB)
  const now = new Date().toISOString()
  if (action === 'erase') {
    const erased = await store.erase(id, now)
    if (erased.ok && erased.value) log.info('leads', `lead ${id} erased by ${who}`)
    return erased
  }
  const requeued = await store.requeue(id, now)
  if (!requeued.ok || !requeued.value) return requeued
  try {
    await env.LEADS.send(leadMessage(id), { contentType: 'json' })
  } catch (error) {
    // Accepted but not queued: the 10-minute sweep queues it, so nothing is lost.
    log.error('leads', `lead ${id} sent again by ${who} but not queued yet: ${String(error)}`)
    return fail(
      'The lead is marked to be sent again, but the queue did not take it yet; it will within 10 minutes.',
      true,
    )
  }
  log.info('leads', `lead ${id} sent again by ${who}`)
  return ok(true)
}
