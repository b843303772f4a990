/**
 * Spam: every rule of leads/services/spam-rules.ts against a post that breaks only it, the sender's
 * answer (the same as a visitor's), the daily cap that never counts spam, the console's spam view
 * with its reasons, Not spam and Mark as spam, and the retention that deletes spam whole.
 */
import { adminCopy } from '../../../src/content/admin'
import { describe, expect, it } from 'vitest'
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from '../../../src/schemas/contact'
import { judgeFormToken, mintFormToken } from '../../../src/server/leads/services/form-token'
import { DRAFT_VIEW_REASON, SPAM_RULES, spamReasons } from '../../../src/server/leads/services/spam-rules'
import {
  adminGet,
  adminPost,
  callApp,
  capturingQueue,
  env,
  leadRecord,
  noticeOf,
  ORIGIN,
  storeLead,
  tableRows,
  uniqueIpv4,
  validContact,
  visibleText,
  DAY,
  runScheduledJob,
} from '../support'
import type { Bindings } from '../../../src/env'

/** A same-origin JSON post with LEADS recorded; the answer, and the messages queued. */
async function post(
  body: Record<string, unknown>,
  overrides: Partial<Bindings> = {},
  ip: string = uniqueIpv4(),
) {
  const leads = capturingQueue(() => 0)
  const {
    response,
    body: text,
    settled,
  } = await callApp(
    '/api/contact',
    {
      method: 'POST',
      body: JSON.stringify(body),
      headers: {
        Origin: ORIGIN,
        'Sec-Fetch-Site': 'same-origin',
        'Content-Type': 'application/json',
        'CF-Connecting-IP': ip,
      },
    },
    { LEADS: leads.queue, ...overrides },
  )
  await settled
  return {
    status: response.status,
    json: JSON.parse(text) as { ok?: boolean; id?: string },
    queued: leads.sent,
  }
}

const SECRET = env.FORM_TOKEN_SECRET!
const MINUTE = 60_000
/** A post whose form was served `ago` ms before now, signed with `secret`. */
const servedAgo = async (ago: number, secret = SECRET) => ({
  ...validContact(),
  [FORM_TOKEN_FIELD]: await mintFormToken(secret, Date.now() - ago),
})

/** For each rule, a valid post that breaks it and no other. */
const BREAKS: Record<string, () => Promise<Record<string, unknown>> | Record<string, unknown>> = {
  // A good token of a form drawn on a preview or share link: a test (tests/worker/leads/draft-leads.test.ts).
  [DRAFT_VIEW_REASON]: async () => ({
    ...validContact(),
    [FORM_TOKEN_FIELD]: await mintFormToken(SECRET, Date.now() - MINUTE, true),
  }),
  'hidden field filled': () => ({ ...validContact(), [HONEYPOT_FIELD]: 'https://spam.example' }),
  'form token missing': () => {
    const { [FORM_TOKEN_FIELD]: _token, ...post } = validContact()
    return post
  },
  'form token forged': () => servedAgo(MINUTE, 'not-the-site-key'),
  'form token expired': () => servedAgo(2 * 60 * MINUTE + MINUTE),
  // Served this instant: the post would have to take 3 s to reach the rule to pass it.
  'posted too fast': () => servedAgo(0),
  // The token already carried a post (the first, a good lead) from another client; the second
  // post is otherwise new.
  'form token replayed': async () => {
    const first = validContact()
    expect((await leadRecord((await post(first)).json.id!))?.status).toBe('accepted')
    return { ...validContact(), [FORM_TOKEN_FIELD]: first[FORM_TOKEN_FIELD] }
  },
  // The same client sent this form three times (each a lead); the fourth is a script's reuse.
  'form token reused': async () => {
    const first = validContact()
    for (let i = 0; i < 3; i++) {
      const sent = await post({ ...validContact(), [FORM_TOKEN_FIELD]: first[FORM_TOKEN_FIELD] }, {}, REUSER)
      expect((await leadRecord(sent.json.id!))?.status).toBe('accepted')
    }
    return { ...validContact(), [FORM_TOKEN_FIELD]: first[FORM_TOKEN_FIELD] }
  },
}
/** The client of the reuse rule's posts, its final one included. */
const REUSER = '192.0.2.77'
/** The client each rule's breaking post comes from: its own, unless the rule is about one client. */
const clientOf = (rule: string) => (rule === 'form token reused' ? REUSER : uniqueIpv4())

describe('the spam rules', () => {
  it('each has a post in this file that breaks it alone', () => {
    expect(SPAM_RULES.map((rule) => rule.name).sort()).toEqual(Object.keys(BREAKS).sort())
  })

  for (const rule of SPAM_RULES) {
    it(`"${rule.name}": stored as spam with that reason, answered 202 like any lead, never queued`, async () => {
      const { status, json, queued } = await post(await BREAKS[rule.name]!(), {}, clientOf(rule.name))
      expect(status).toBe(202)
      expect(json.ok).toBe(true)
      expect(await leadRecord(json.id!)).toMatchObject({
        status: 'spam',
        spamReasons: rule.name,
        attempts: 0,
      })
      expect(queued).toEqual([])
    })
  }

  it('a good token carries one post: the answer carries the next form’s token, good 3 s later', async () => {
    const first = await post(validContact())
    const next = (first.json as { formToken?: string }).formToken!
    expect(await judgeFormToken(next, [SECRET], Date.now() + 3500)).toBe('valid')
    const second = await post({ ...validContact(), [FORM_TOKEN_FIELD]: next }, {})
    // Posted at once, so too fast, but not a replay: the token is the fresh one.
    expect((await leadRecord(second.json.id!))?.spamReasons).toBe('posted too fast')
    const { results } = await env.DB.prepare('SELECT token FROM spent_form_tokens').all()
    expect(results).toHaveLength(1)
  })

  it('the same visitor sending the same form again (Back, then send) is a lead, not a replay; the /64 is the visitor', async () => {
    const first = validContact()
    const again = { ...validContact(), [FORM_TOKEN_FIELD]: first[FORM_TOKEN_FIELD] }
    const sent = await post(first, {}, '2001:db8:5:7::1')
    const resent = await post(again, {}, '2001:db8:5:7::2')
    for (const { status, json, queued } of [sent, resent]) {
      expect(status).toBe(202)
      expect(await leadRecord(json.id!)).toMatchObject({ status: 'accepted', spamReasons: null })
      expect(queued).toHaveLength(1)
    }
    // Another client with the same form: the page load fed a second address.
    const elsewhere = await post({ ...validContact(), [FORM_TOKEN_FIELD]: first[FORM_TOKEN_FIELD] })
    expect(await leadRecord(elsewhere.json.id!)).toMatchObject({
      status: 'spam',
      spamReasons: 'form token replayed',
    })
    // What D1 keeps of the spender: a hash with the token, no address.
    const row = await env.DB.prepare('SELECT * FROM spent_form_tokens WHERE token = ?')
      .bind(first[FORM_TOKEN_FIELD])
      .first<Record<string, string>>()
    expect(row?.client).toMatch(/^[\w-]{43}$/)
    expect(JSON.stringify(row)).not.toContain('2001:db8')
  })

  it('a post whose lead could not be stored gives its token back: the sender’s retry is a lead, not a replay', async () => {
    const contact = validContact()
    // D1 takes the token but refuses the lead.
    const leadsRefused = new Proxy(env.DB, {
      get(db, key) {
        if (key !== 'prepare') return Reflect.get(db, key, db)
        return (sql: string) => {
          if (/INSERT INTO leads/i.test(sql)) throw new Error('D1_ERROR: leads unavailable')
          return db.prepare(sql)
        }
      },
    })
    const refused = await post(contact, { DB: leadsRefused })
    expect(refused.status).toBe(503)
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM spent_form_tokens').first('n')).toBe(0)
    const retried = await post(contact)
    expect(retried.status).toBe(202)
    expect((await leadRecord(retried.json.id!))?.status).toBe('accepted')
  })

  it('the ten-minute sweep forgets spent tokens (and their client hash) once they have expired', async () => {
    const now = Date.now()
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO spent_form_tokens (token, expires_at, client) VALUES ('old', ?, NULL), ('live', ?, NULL)",
      ).bind(new Date(now - MINUTE).toISOString(), new Date(now + 60 * MINUTE).toISOString()),
    ])
    await runScheduledJob('sweep', env, now)
    const { results } = await env.DB.prepare('SELECT token FROM spent_form_tokens').all()
    expect(results).toEqual([{ token: 'live' }])
  })

  it('take a token as good from 3 seconds to 2 hours after the form was served', async () => {
    for (const ago of [3500, 60 * MINUTE, 2 * 60 * MINUTE - MINUTE]) {
      const { json } = await post(await servedAgo(ago))
      expect((await leadRecord(json.id!))?.status, `${ago} ms`).toBe('accepted')
    }
  })

  it.each([
    ['a token of another shape', 'not-a-token'],
    ['a token with its time changed', 'TIME'],
    ['a token that is not a string', 12345],
  ])('call %s forged or missing, never good', async (_label, token) => {
    const good = await mintFormToken(SECRET, Date.now() - MINUTE)
    const changed =
      token === 'TIME' ? good.replace(/^[0-9a-z]+/, (Date.now() - 2 * MINUTE).toString(36)) : token
    const { json } = await post({ ...validContact(), [FORM_TOKEN_FIELD]: changed })
    const record = await leadRecord(json.id!)
    expect(record?.status).toBe('spam')
    expect(['form token forged', 'form token missing']).toContain(record?.spamReasons)
  })

  it('list every rule a post breaks', async () => {
    const { [FORM_TOKEN_FIELD]: _token, ...post_ } = validContact()
    const { json } = await post({ ...post_, [HONEYPOT_FIELD]: 'x' })
    expect((await leadRecord(json.id!))?.spamReasons).toBe('hidden field filled\nform token missing')
  })

  it('sign with a key the worker keeps in D1 when FORM_TOKEN_SECRET is unset', async () => {
    const unset = { FORM_TOKEN_SECRET: '' }
    const page = await callApp('/', {}, unset)
    const token = /name="formToken" value="([^"]+)"/.exec(page.body)?.[1]
    expect(token).toBeTruthy()
    const key = await env.DB.prepare("SELECT value FROM app_keys WHERE name = 'form-token'").first<{
      value: string
    }>()
    expect(await judgeFormToken(token, [key!.value], Date.now() + 5000)).toBe('valid')
    expect(await judgeFormToken(token, [SECRET], Date.now() + 5000)).toBe('form token forged')
  })

  it('leave a clean post alone: accepted and queued', async () => {
    expect(spamReasons({ body: validContact(), formToken: 'valid' })).toEqual([])
    const { json, queued } = await post(validContact())
    expect((await leadRecord(json.id!))?.status).toBe('accepted')
    expect(queued.map((m) => m.body)).toEqual([{ type: 'lead', id: json.id }])
  })

  it.each<[string | null, string]>([
    ['', 'empty'],
    [null, 'null'],
  ])('do not count a hidden field sent %j (%s) as filled', async (value) => {
    const { json } = await post({ ...validContact(), [HONEYPOT_FIELD]: value })
    expect((await leadRecord(json.id!))?.status).toBe('accepted')
  })
})

describe('the daily e-mail cap', () => {
  it('never counts spam: after a wave of spam, a real lead is still e-mailed', async () => {
    const cap = { CONTACT_DAILY_EMAIL_CAP: '2' }
    for (const rule of ['hidden field filled', 'form token missing', 'posted too fast'])
      expect((await post(await BREAKS[rule]!(), cap)).status).toBe(202)
    const first = await post(validContact(), cap)
    const second = await post(validContact(), cap)
    const third = await post(validContact(), cap)
    expect(await leadRecord(first.json.id!)).toMatchObject({ status: 'accepted' })
    expect(await leadRecord(second.json.id!)).toMatchObject({ status: 'accepted' })
    // Only real leads fill the cap: the third real one of the day is held.
    expect(await leadRecord(third.json.id!)).toMatchObject({ status: 'held' })
  })
})

describe('spam in the console', () => {
  it('lists spam under ?status=spam, counts it, and shows each reason on the lead', async () => {
    const { json } = await post(await BREAKS['hidden field filled']!())
    const list = await adminGet('/admin/leads?status=spam')
    const rows = tableRows(list.body, 'Leads, newest first')
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((row) => row[5] === 'spam')).toBe(true)
    const counts = tableRows(
      list.body,
      'Leads per status, received today (UTC), in the last 7 days and in the last 30 days',
    )
    expect(counts.find((row) => row[0] === 'spam')?.[1]).not.toBe('0')
    const page = visibleText((await adminGet(`/admin/leads/${json.id}`)).body)
    expect(page).toContain('Status spam')
    expect(page).toContain('Why it is spam hidden field filled')
    expect(page).toContain('Not spam')
    expect(page).not.toContain('Send again')
  })

  it('shows today’s spam on the overview', async () => {
    await post(await BREAKS['hidden field filled']!())
    const counts = tableRows(
      (await adminGet('/admin')).body,
      'Leads per status, received today (UTC), in the last 7 days and in the last 30 days',
    )
    expect(Number(counts.find((row) => row[0] === 'spam')?.[1])).toBeGreaterThan(0)
  })

  it('Not spam queues the lead for delivery and says so', async () => {
    const { json } = await post(await BREAKS['hidden field filled']!())
    const id = json.id!
    const leads = capturingQueue(() => 0)
    const { response } = await adminPost(
      `/admin/leads/${id}/not-spam`,
      {},
      { overrides: { LEADS: leads.queue } },
    )
    expect(response.headers.get('Location')).toBe(`/admin/leads/${id}?notice=not-spam-done`)
    expect((await leadRecord(id))?.status).toBe('accepted')
    expect(leads.sent.map((m) => m.body)).toEqual([{ type: 'lead', id }])
    const notice = noticeOf((await adminGet(`/admin/leads/${id}?notice=not-spam-done`)).body)
    expect(notice).toEqual({ role: 'status', text: `Done ${adminCopy.leads.actions['not-spam'].done}` })
  })

  it('Not spam is refused for a lead that is not spam, and queues nothing', async () => {
    const { id } = await storeLead({ status: 'dead' })
    const leads = capturingQueue(() => 0)
    const { response } = await adminPost(
      `/admin/leads/${id}/not-spam`,
      {},
      { overrides: { LEADS: leads.queue } },
    )
    expect(response.headers.get('Location')).toBe(`/admin/leads/${id}?notice=not-spam-refused`)
    expect((await leadRecord(id))?.status).toBe('dead')
    expect(leads.sent).toEqual([])
  })

  it('Mark as spam moves any lead not yet delivered to spam, naming who did it, and nothing else', async () => {
    for (const status of ['accepted', 'retrying', 'dead', 'held'] as const) {
      const { id } = await storeLead({ status })
      const { response } = await adminPost(`/admin/leads/${id}/mark-spam`)
      expect(response.headers.get('Location')).toBe(`/admin/leads/${id}?notice=mark-spam-done`)
      expect(await leadRecord(id)).toMatchObject({ status: 'spam', spamReasons: 'marked as spam by admin' })
    }
    for (const status of ['sending', 'delivered', 'erased', 'spam'] as const) {
      const { id } = await storeLead({ status, claimedAt: new Date().toISOString() })
      const { response } = await adminPost(`/admin/leads/${id}/mark-spam`)
      expect(response.headers.get('Location')).toBe(`/admin/leads/${id}?notice=mark-spam-refused`)
      expect((await leadRecord(id))?.status).toBe(status)
    }
    const { body } = await adminGet(`/admin/leads/${(await storeLead({ status: 'delivered' })).id}`)
    expect(body).not.toContain('>Mark as spam</button>')
  })
})

describe('retention of spam', () => {
  const runRetention = (bindings: Partial<Bindings> = {}) =>
    runScheduledJob('retention', { ...env, ...bindings })
  const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString()

  it('deletes spam whole after 30 days, and keeps younger spam', async () => {
    const old = await storeLead({ status: 'spam', receivedAt: ago(31) })
    const young = await storeLead({ status: 'spam', receivedAt: ago(29) })
    await runRetention()
    expect(await leadRecord(old.id)).toBeNull()
    expect((await leadRecord(young.id))?.status).toBe('spam')
  })

  it('follows SPAM_RETENTION_DAYS', async () => {
    const { id } = await storeLead({ status: 'spam', receivedAt: ago(8) })
    await runRetention({ SPAM_RETENTION_DAYS: '7' })
    expect(await leadRecord(id)).toBeNull()
  })
})
