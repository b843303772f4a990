/**
 * Cloudflare Turnstile on the contact form, against the local siteverify stand-in
 * (tests/support/fake-turnstile.ts): a passing token is delivered; a refused, replayed or
 * misdirected one is spam with siteverify's error codes; a siteverify that cannot answer holds
 * the lead with its reason and an alert (which says so); a post without a token, JavaScript off
 * included, is spam as not challenged.
 * Off by default, the form and its CSP are as before.
 */
import { describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { HONEYPOT_FIELD, TURNSTILE_FIELD } from '../../../src/schemas/contact'
import { TEST_BUDGET_MS } from '../../support/timings'
import type { Bindings } from '../../../src/env'
import { passingToken, SECRET, SITE_KEY, type Check } from '../../support/fake-turnstile'
import {
  adminGet,
  callApp,
  capturingQueue,
  env,
  leadRecord,
  newWebhook,
  ORIGIN,
  uniqueIpv4,
  validContact,
  visibleText,
} from '../support'

const standIn = `http://127.0.0.1:${inject('turnstilePort')}`
const HOST = new URL(ORIGIN).hostname

const TURNSTILE_ON: Partial<Bindings> = {
  TURNSTILE_SITE_KEY: SITE_KEY,
  TURNSTILE_SECRET_KEY: SECRET,
  TURNSTILE_VERIFY_URL: `${standIn}/turnstile/v0/siteverify`,
}

async function checksOf(token: string): Promise<Check[]> {
  const all = (await (await fetch(`${standIn}/__received`)).json()) as Check[]
  return all.filter((check) => check.response === token)
}

/** A contact post (JSON unless `form`) with Turnstile set by `overrides`; its lead and queue. */
async function post(
  fields: Record<string, unknown>,
  { overrides = TURNSTILE_ON, form = false, ip = uniqueIpv4() } = {},
) {
  const leads = capturingQueue(() => 0)
  const webhook = await newWebhook()
  const { response, settled } = await callApp(
    '/api/contact',
    {
      method: 'POST',
      body: form ? new URLSearchParams(fields as Record<string, string>) : JSON.stringify(fields),
      headers: {
        Origin: ORIGIN,
        'Sec-Fetch-Site': 'same-origin',
        'Content-Type': form ? 'application/x-www-form-urlencoded' : 'application/json',
        'CF-Connecting-IP': ip,
      },
      redirect: 'manual',
    },
    { LEADS: leads.queue, ALERT_WEBHOOK_URL: webhook.url, ...overrides },
  )
  await settled
  const row = await env.DB.prepare('SELECT id FROM leads WHERE name = ?')
    .bind(fields.name)
    .first<{ id: string }>()
  const lead = row ? await leadRecord(row.id) : null
  return { status: response.status, lead, queued: leads.sent.length, alerts: await webhook.received() }
}

const withToken = (token: string) => ({ ...validContact(), [TURNSTILE_FIELD]: token })

describe('Turnstile on: siteverify says yes', () => {
  it('delivers a lead whose token passes for this host and action, sending the secret and the client address', async () => {
    const token = passingToken(HOST)
    const ip = uniqueIpv4()
    const { status, lead, queued, alerts } = await post(withToken(token), { ip })
    expect(status).toBe(202)
    expect(lead).toMatchObject({ status: 'accepted', spamReasons: null, lastError: null })
    expect(queued).toBe(1)
    expect(alerts).toEqual([])
    expect(await checksOf(token)).toEqual([{ secret: SECRET, response: token, remoteip: ip }])
  })

  it('delivers a native form post that carries the widget’s field', async () => {
    const { status, lead, queued } = await post(withToken(passingToken(HOST)), { form: true })
    expect(status).toBe(303)
    expect(lead?.status).toBe('accepted')
    expect(queued).toBe(1)
  })
})

describe('Turnstile on: the challenge failed, so the post is spam with the reason', () => {
  it('a replayed token: the second post is spam with timeout-or-duplicate, and its sender hears "sent"', async () => {
    const token = passingToken(HOST)
    expect((await post(withToken(token))).lead?.status).toBe('accepted')
    const replay = await post(withToken(token))
    expect(replay.status).toBe(202)
    expect(replay.lead).toMatchObject({
      status: 'spam',
      spamReasons: 'turnstile token expired or replayed (timeout-or-duplicate)',
    })
    expect(replay.queued).toBe(0)
    expect(replay.alerts).toEqual([])
  })

  it('a token siteverify does not know (a forged one, or the dummy token of a test site key)', async () => {
    const { lead, queued } = await post(withToken('XXXX.DUMMY.TOKEN.XXXX'))
    expect(lead).toMatchObject({
      status: 'spam',
      spamReasons: 'turnstile refused the token (invalid-input-response)',
    })
    expect(queued).toBe(0)
  })

  it('a token solved on another site, or for another action', async () => {
    const elsewhere = await post(withToken(passingToken('evil.example')))
    expect(elsewhere.lead).toMatchObject({
      status: 'spam',
      spamReasons: 'turnstile solved on another host (evil.example)',
    })
    const otherAction = await post(withToken(passingToken(HOST, 'login')))
    expect(otherAction.lead).toMatchObject({
      status: 'spam',
      spamReasons: 'turnstile solved for another action (login)',
    })
  })

  it('a token longer than any Turnstile gives is refused without calling siteverify', async () => {
    const token = `standin:${HOST}:contact:${'x'.repeat(2100)}`
    const { lead } = await post(withToken(token))
    expect(lead).toMatchObject({
      status: 'spam',
      spamReasons: 'turnstile refused the token (invalid-input-response)',
    })
    expect(await checksOf(token)).toEqual([])
  })

  it('a post the spam rules caught is spam for their reason, and siteverify is not asked', async () => {
    const token = passingToken(HOST)
    const { lead } = await post({ ...withToken(token), [HONEYPOT_FIELD]: 'https://spam.example' })
    expect(lead).toMatchObject({ status: 'spam', spamReasons: 'hidden field filled' })
    expect(await checksOf(token)).toEqual([])
  })
})

describe('Turnstile on: nothing could check the post, so it is held with the reason and an alert', () => {
  const held = async (fields: Record<string, unknown>, reason: string, overrides = TURNSTILE_ON) => {
    const { status, lead, queued, alerts } = await post(fields, { overrides })
    expect(status).toBe(202)
    expect(lead).toMatchObject({ status: 'held', lastError: reason, spamReasons: null })
    expect(queued).toBe(0)
    expect(alerts).toEqual([
      expect.objectContaining({
        event: 'lead.held',
        leadId: lead!.id,
        reason: `${reason}; Send again in /admin/leads delivers it`,
      }),
    ])
    return lead!
  }

  it('siteverify answers garbage', () => held(withToken('garbage:1'), 'siteverify answered garbage'))

  it('siteverify answers HTTP 500', () => held(withToken('error:1'), 'siteverify answered HTTP 500'))

  it('siteverify cannot be reached', () =>
    held(withToken(passingToken(HOST)), 'siteverify unreachable', {
      ...TURNSTILE_ON,
      TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9/turnstile/v0/siteverify',
    }))

  it(
    'siteverify does not answer in time',
    () => held(withToken(`hang:${crypto.randomUUID()}`), 'siteverify timed out'),
    TEST_BUDGET_MS + 10_000,
  )

  it('siteverify refuses our secret: a mistake of ours, never the visitor’s spam', () =>
    held(withToken(passingToken(HOST)), 'siteverify refused the check (invalid-input-secret)', {
      ...TURNSTILE_ON,
      TURNSTILE_SECRET_KEY: 'not-our-secret',
    }))

  it('a verify address over plain http to another machine is never called', () =>
    held(withToken(passingToken(HOST)), 'siteverify not called: TURNSTILE_VERIFY_URL is not https', {
      ...TURNSTILE_ON,
      TURNSTILE_VERIFY_URL: 'http://siteverify.example/turnstile/v0/siteverify',
    }))

  it('a post from the island without a token is spam, not held: no alert, not e-mailed', async () => {
    const { lead, queued, alerts } = await post(validContact())
    expect(lead).toMatchObject({ status: 'spam', spamReasons: 'not challenged (no Turnstile token)' })
    expect(queued).toBe(0)
    expect(alerts).toEqual([])
  })

  it('a post with JavaScript off cannot carry a token: spam, with why on the lead page', async () => {
    const { status, lead, queued } = await post(validContact(), { form: true })
    expect(status).toBe(303)
    expect(lead).toMatchObject({ status: 'spam', spamReasons: 'not challenged (JavaScript off)' })
    expect(queued).toBe(0)
    const page = visibleText((await adminGet(`/admin/leads/${lead!.id}`)).body)
    expect(page).toContain('Why it is spam not challenged (JavaScript off)')
  })
})

describe('the held alert', () => {
  it('says the lead was held, not that the daily cap was reached, when the check could not be made', async () => {
    const { alerts } = await post(withToken('error:2'))
    const [alert] = alerts as { text?: string }[]
    expect(alert?.text).toContain('a lead was held, not e-mailed')
    expect(alert?.text).not.toContain('daily e-mail cap')
    expect(alert?.text).toContain('siteverify answered HTTP 500')
  })
})

describe('Turnstile off', () => {
  it('is off unless both keys are set: a post without a token is delivered', async () => {
    for (const overrides of [{}, { TURNSTILE_SITE_KEY: SITE_KEY }, { TURNSTILE_SECRET_KEY: SECRET }]) {
      const { lead, queued } = await post(validContact(), { overrides })
      expect(lead?.status).toBe('accepted')
      expect(queued).toBe(1)
    }
  })
})

describe('the page: widget and CSP only where the form is, and only when Turnstile is on', () => {
  const page = async (path: string, overrides: Partial<Bindings>) => {
    const { response, body } = await callApp(path, {}, overrides)
    return { csp: response.headers.get('Content-Security-Policy') ?? '', body }
  }

  it('the home page hands the island the site key, and lets in the challenge frame', async () => {
    for (const round of ['rendered', 'from the page cache']) {
      const { csp, body } = await page('/', TURNSTILE_ON)
      expect(csp, round).toContain("frame-src 'self' https://challenges.cloudflare.com")
      expect(body, round).toContain(`"turnstileSiteKey":"${SITE_KEY}"`)
      // The widget's script is loaded by the island when the form is touched, never by the page.
      expect(body, round).not.toContain('challenges.cloudflare.com')
    }
  })

  it('a page without the form keeps the plain policy', async () => {
    const { csp } = await page('/about-us', TURNSTILE_ON)
    expect(csp).not.toContain('frame-src')
    expect(csp).toContain("default-src 'self'")
  })

  it('with Turnstile off, the home page has neither', async () => {
    const { csp, body } = await page('/', {})
    expect(csp).not.toContain('frame-src')
    expect(body).not.toContain('turnstileSiteKey')
  })
})
