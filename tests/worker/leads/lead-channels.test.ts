/**
 * A delivery channel is one row of the list the mailer walks (README, "Where to add…"): a dummy
 * third channel, added to the list and nowhere else, takes a lead once the two before it are done
 * with it, is offered to Send again, and is never tried while an earlier channel delivers.
 */
import { describe, expect, it } from 'vitest'
import type { LeadChannel, SendingChannel } from '../../../src/server/leads/services/lead-channels'
import { FAILURES_BEFORE_NEXT_CHANNEL, LeadMailer } from '../../../src/server/leads/services/lead-mailer'
import type { SendResult } from '../../../src/server/leads/services/send-result'
import type { LeadAttempt, LeadContent } from '../../../src/schemas/admin-records'

const lead: LeadContent = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+1 555 0100',
  inquiry: 'A store for our spring range',
  localTime: '2026-11-29 10:00',
}

/** A channel that answers with `outcome` and counts its sends. */
function dummy(name: string, outcome: SendResult): LeadChannel & { sends: number } {
  return {
    name: name as SendingChannel,
    label: name,
    setUp: { on: true },
    dailyCap: 100,
    tracked: false,
    sends: 0,
    async send() {
      this.sends++
      return outcome
    },
  }
}

const failing = (name: string) => dummy(name, { outcome: 'retrying', reason: `${name} is down`, status: 503 })

/** Delivers like the queue does: each try carries the attempts made before it. */
async function deliver(mailer: LeadMailer, tries: number) {
  const attempts: LeadAttempt[] = []
  for (let i = 0; i < tries; i++) {
    const { final, attempts: made } = await mailer.send('lead-1', lead, attempts)
    attempts.push(...made)
    if (final.outcome === 'delivered') return { final, attempts }
  }
  return { final: null, attempts }
}

describe('a third delivery channel, one row of the list', () => {
  it('takes the lead the first two could not, after each failed it as often as the policy says', async () => {
    const third = dummy('carrier-pigeon', { outcome: 'delivered' })
    const mailer = new LeadMailer({
      channels: [failing('first'), failing('second'), third],
      delivery: 'channels',
      development: false,
    })

    const { final, attempts } = await deliver(mailer, 10)

    expect(final).toEqual({ outcome: 'delivered', via: 'carrier-pigeon' })
    expect(attempts.map((attempt) => attempt.channel)).toEqual([
      ...Array<string>(FAILURES_BEFORE_NEXT_CHANNEL).fill('first'),
      ...Array<string>(FAILURES_BEFORE_NEXT_CHANNEL).fill('second'),
      'carrier-pigeon',
    ])
    expect(mailer.choices()).toEqual(['first', 'second', 'carrier-pigeon'])
  })

  it('is never tried while the first delivers, and alone when Send again chooses it', async () => {
    const first = dummy('first', { outcome: 'delivered' })
    const third = dummy('carrier-pigeon', { outcome: 'delivered' })
    const mailer = new LeadMailer({
      channels: [first, failing('second'), third],
      delivery: 'channels',
      development: false,
    })

    expect((await mailer.send('lead-1', lead)).final).toEqual({ outcome: 'delivered', via: 'first' })
    expect(third.sends).toBe(0)
    const chosen = await mailer.send('lead-1', lead, [], 'carrier-pigeon' as SendingChannel)
    expect(chosen.final).toEqual({ outcome: 'delivered', via: 'carrier-pigeon' })
    expect([first.sends, third.sends]).toEqual([1, 1])
  })
})
