/**
 * Every delivery attempt is kept (issue 34, part 3): channel, start and end, how it ended, the
 * provider's status and a short reason, never the message; listed on the lead's page; and gone
 * with the lead when it is erased, by Erase or by retention, or deleted as old spam.
 */
import { describe, expect, it } from 'vitest'
import {
  adminGet,
  adminPost,
  consume,
  DAY,
  env,
  leadRecord,
  message,
  newService,
  storeLead,
  tableRows,
  runScheduledJob,
} from '../support'

interface AttemptRow {
  channel: string
  outcome: string
  status: number | null
  reason: string | null
  started_at: string
  finished_at: string
}

async function attemptsOf(id: string): Promise<AttemptRow[]> {
  const { results } = await env.DB.prepare(
    'SELECT channel, outcome, status, reason, started_at, finished_at FROM lead_attempts WHERE lead_id = ? ORDER BY id',
  )
    .bind(id)
    .all<AttemptRow>()
  return results
}

/** Delivers `id` through a fake EmailJS answering `script`, one message per answer. */
async function deliverThrough(id: string, script: string[]) {
  const serviceId = await newService(script)
  for (let attempts = 1; attempts <= script.length; attempts++)
    await consume({ EMAILJS_SERVICE_ID: serviceId }, [message(id, attempts)])
}

describe('delivery attempts', () => {
  it(
    'a 503, a dropped connection, then delivered: three rows with their outcomes, listed on the lead’s page',
    { timeout: 30_000 },
    async () => {
      const { id, content } = await storeLead()
      await deliverThrough(id, ['503', 'drop', 'ok'])
      const rows = await attemptsOf(id)
      expect(rows.map(({ channel, outcome, status }) => ({ channel, outcome, status }))).toEqual([
        { channel: 'emailjs', outcome: 'retryable', status: 503 },
        { channel: 'emailjs', outcome: 'unknown', status: null },
        { channel: 'emailjs', outcome: 'delivered', status: null },
      ])
      expect(rows[0]!.reason).toMatch(/^EmailJS 503/)
      expect(rows[1]!.reason).toMatch(/^EmailJS network error/)
      for (const row of rows) expect(row.finished_at >= row.started_at).toBe(true)
      // Never the message: no field the visitor sent is in a row.
      const stored = JSON.stringify(rows)
      for (const field of [content.name, content.email, content.phone, content.inquiry])
        expect(stored).not.toContain(field)

      const page = await adminGet(`/admin/leads/${id}`)
      expect(
        tableRows(page.body, 'Every attempt to deliver this lead, oldest first').map((row) =>
          row.slice(2, 4),
        ),
      ).toEqual([
        ['EmailJS', 'Failed, tried again later'],
        ['EmailJS', 'No answer: it may have been sent'],
        ['EmailJS', 'Delivered'],
      ])
    },
  )

  it('a configuration error is permanent, with the provider’s status', async () => {
    const { id } = await storeLead()
    await deliverThrough(id, ['400'])
    expect(await attemptsOf(id)).toMatchObject([
      { outcome: 'permanent', status: 400, reason: 'EmailJS 400 The Public Key is invalid' },
    ])
  })

  it('a lead never sent says so on its page', async () => {
    const { id } = await storeLead()
    const page = await adminGet(`/admin/leads/${id}`)
    expect(tableRows(page.body, 'Every attempt to deliver this lead, oldest first')).toEqual([
      ['No attempt yet.'],
    ])
  })

  it('go with the lead: Erase, retention, and the deletion of old spam', async () => {
    const erased = await storeLead()
    const old = await storeLead({ receivedAt: new Date(Date.now() - 400 * DAY).toISOString() })
    const kept = await storeLead()
    for (const lead of [erased, old, kept]) await deliverThrough(lead.id, ['ok'])
    const spam = await storeLead({ receivedAt: new Date(Date.now() - 400 * DAY).toISOString() })
    await deliverThrough(spam.id, ['503'])
    await env.DB.prepare("UPDATE leads SET status = 'spam' WHERE id = ?").bind(spam.id).run()
    expect(await attemptsOf(spam.id)).toHaveLength(1)

    const erase = await adminPost(`/admin/leads/${erased.id}/erase`)
    expect(erase.response.headers.get('Location')).toBe(`/admin/leads/${erased.id}?notice=erase-done`)
    expect((await leadRecord(erased.id))?.status).toBe('erased')
    expect(await attemptsOf(erased.id)).toEqual([])
    await runScheduledJob('retention')
    expect(await attemptsOf(old.id)).toEqual([])
    expect((await leadRecord(old.id))?.status).toBe('erased')
    expect(await attemptsOf(spam.id)).toEqual([])
    expect(await leadRecord(spam.id)).toBeNull()
    expect(await attemptsOf(kept.id)).toHaveLength(1)
  }, 30_000) // four sends, paced at EmailJS's one a second
})
