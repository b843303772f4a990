/**
 * The receiver snippet docs/leads.md gives a CRM's developer, run as written with the official
 * `standardwebhooks` package (issue 58): it accepts a lead our worker signed, and throws on a
 * tampered body, another secret, a missing signature and a timestamp over five minutes old.
 */
import { readFileSync } from 'node:fs'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { webhookSignature } from '../../src/server/leads/services/lead-webhook'

const docs = readFileSync(new URL('../../docs/leads.md', import.meta.url), 'utf8')
const block = /```js\n(import \{ Webhook \} from 'standardwebhooks'[\s\S]*?)```/.exec(docs)?.[1] ?? ''
/** The snippet's lines after its import, which the test supplies. */
const snippet = block.split('\n').slice(1).join('\n')
const SECRET = 'whsec_' + btoa('a webhook key of thirty-two bytes')

/** Runs the snippet on one post; what it verified, or the error it threw. */
function receive(secret: string, rawBody: string, headers: Record<string, string>): unknown {
  const run = new Function('Webhook', 'secret', 'rawBody', 'headers', `${snippet}\nreturn lead`) as (
    ...args: unknown[]
  ) => unknown
  try {
    return run(Webhook, secret, rawBody, headers)
  } catch (error) {
    return error
  }
}

/** The headers our worker sends (lead-webhook.ts), for a post made `ageSeconds` ago. */
async function signed(id: string, body: string, ageSeconds = 0) {
  const timestamp = String(Math.floor(Date.now() / 1000) - ageSeconds)
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': await webhookSignature(SECRET, id, timestamp, body),
  }
}

describe('the webhook receiver snippet in docs/leads.md', () => {
  const body = '{"event":"lead.accepted","id":"lead-1"}'

  it('is there to run, three lines with the import', () => {
    expect(block.trim().split('\n')).toHaveLength(3)
    expect(snippet).toContain('.verify(rawBody, headers)')
  })

  it('accepts a post our worker signed, and gives the lead', async () => {
    expect(receive(SECRET, body, await signed('lead-1', body))).toEqual({
      event: 'lead.accepted',
      id: 'lead-1',
    })
  })

  type Post = () => Promise<[secret: string, rawBody: string, headers: Record<string, string>]>
  it.each<[string, Post]>([
    ['another body', async () => [SECRET, body.replace('lead-1', 'lead-2'), await signed('lead-1', body)]],
    [
      'another secret',
      async () => ['whsec_' + btoa('another key of thirty-two bytes!'), body, await signed('lead-1', body)],
    ],
    ['another id', async () => [SECRET, body, { ...(await signed('lead-1', body)), 'webhook-id': 'lead-2' }]],
    [
      'no signature',
      async () => [SECRET, body, { ...(await signed('lead-1', body)), 'webhook-signature': '' }],
    ],
    ['a timestamp over five minutes old', async () => [SECRET, body, await signed('lead-1', body, 301)]],
  ])('rejects %s', async (_, post) => {
    const [secret, rawBody, headers] = await post()
    expect(receive(secret, rawBody, headers)).toBeInstanceOf(Error)
  })
})
