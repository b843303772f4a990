/**
 * The receiver snippet docs/leads.md gives a CRM's developer, run as written: it accepts a lead
 * signed with the secret, and rejects, without throwing, a wrong, short or missing signature and
 * a stale timestamp (review T11: Node's timingSafeEqual throws on unequal lengths).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const docs = readFileSync(new URL('../../docs/leads.md', import.meta.url), 'utf8')
const snippet = /```js\n(\/\/ Webhook-Timestamp[\s\S]*?)```/.exec(docs)?.[1] ?? ''
const SECRET = 'a-webhook-secret-of-32-characters'

/** Runs the snippet on one post; true when it rejected it. */
function rejects(timestamp: string, rawBody: string, signature: string | undefined): boolean {
  let rejected = false
  const receive = new Function(
    'createHmac',
    'timingSafeEqual',
    'secret',
    'timestamp',
    'rawBody',
    'signature',
    'reject',
    snippet,
  ) as (...args: unknown[]) => void
  receive(createHmac, timingSafeEqual, SECRET, timestamp, rawBody, signature, () => (rejected = true))
  return rejected
}

const sign = (timestamp: string, body: string) =>
  'sha256=' + createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex')

describe('the webhook receiver snippet in docs/leads.md', () => {
  const body = '{"event":"lead.accepted","id":"lead-1"}'
  const now = String(Math.floor(Date.now() / 1000))

  it('is there to run', () => {
    expect(snippet).toContain('timingSafeEqual')
  })

  it('accepts a post signed with the secret', () => {
    expect(rejects(now, body, sign(now, body))).toBe(false)
  })

  it.each([
    ['another body', sign(now, body.replace('lead-1', 'lead-2'))],
    ['a short signature', 'sha256=abc'],
    ['an empty signature', ''],
    ['no signature', undefined],
  ])('rejects %s without throwing', (_, signature) => {
    expect(rejects(now, body, signature)).toBe(true)
  })

  it('rejects a timestamp over five minutes old', () => {
    const old = String(Math.floor(Date.now() / 1000) - 301)
    expect(rejects(old, body, sign(old, body))).toBe(true)
  })
})
