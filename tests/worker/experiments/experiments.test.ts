/**
 * Experiments (issue 46): made in the console from a saved draft, decided in the render with no
 * cookie and no script, a visitor keeping their arm for the day, exposures counted as views are
 * (never a bot's or a prerender's), a lead credited to the arm its visitor saw (never spam), the
 * split's alarm, and Stop and Make live serving the change at once.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { home } from '../../../src/content/home'
import { sampleRatioPValue, SRM_ALARM_P } from '../../../src/lib/experiment-verdict'
import { DRAFT_FORM_NOTE } from '../../../src/schemas/contact'
import { ExperimentStore, VISITORS_PER_NETWORK } from '../../../src/server/experiments/storage/experiments'
import { speedValue } from '../../../src/components/admin/SpeedRating'
import { bucketOf, valueOfBucket } from '../../../src/server/traffic/services/vitals-histogram'
import { waveSize } from '../../support/fuzz'
import { PERSON } from '../support/traffic'
import { exposures, startExperiment, visitorsOfEach } from './experiment-support'
import { sessionAs } from '../support/roles'
import {
  adminGet,
  adminPost,
  callApp,
  env,
  noticeOf,
  LONG,
  ORIGIN,
  postContact,
  RATE_WINDOW_TEST_TIMEOUT,
  roomInRateWindow,
  SAME_ORIGIN,
  servicesOf,
  tableRows,
  uniqueIpv4,
  validContact,
  visibleText,
} from '../support'

const B_TITLE = 'Open your brand’s own 3D store this quarter'
const RESULTS = 'Visitors, leads and the verdict for each version'

/** Saves a draft of the hero with another title, as an editor does before making an experiment. */
async function saveHeroDraft(title = B_TITLE) {
  const { content } = servicesOf().studio
  const opened = await content.open('home-hero')
  if (!opened.ok || !opened.value) throw new Error('cannot open home-hero')
  const value = opened.value.value
  const changed = { ...value, 'home.hero': { ...(value['home.hero'] as object), title } }
  const saved = await content.save('home-hero', changed, opened.value.version, 'Ada')
  if (!saved.ok) throw new Error(`not saved: ${saved.error.message}`)
}

/** Makes and starts an experiment on the hero through the console; its id. */
async function heroExperiment(fields: Record<string, string> = {}) {
  await saveHeroDraft()
  return startExperiment({ name: 'Hero: a shorter headline', doc: 'home-hero', ...fields })
}

/** A person's view of `path` from `ip`, with its background work (the exposure) done. */
async function view(ip: string, path = '/', headers: Record<string, string> = {}) {
  const page = await callApp(path, { headers: { ...PERSON, 'CF-Connecting-IP': ip, ...headers } })
  await page.settled
  return { ...page, sawB: page.body.includes(B_TITLE), sawA: page.body.includes(home.hero.title) }
}

/** One visitor of each arm: addresses tried until both titles were seen. */
const visitorsOfEachArm = () =>
  visitorsOfEach(async (ip) => {
    const seen = await view(ip)
    return seen.sawB ? 'b' : seen.sawA ? 'a' : undefined
  }, uniqueIpv4)

describe('an experiment on the hero', () => {
  it('shows each visitor one arm in the first HTML, the same on every reload, and counts each once', async () => {
    const id = await heroExperiment()
    const { a, b } = await visitorsOfEachArm()
    for (let i = 0; i < 3; i++) {
      const again = await view(b)
      expect(again.sawB).toBe(true)
      expect(again.sawA).toBe(false)
      expect((await view(a)).sawA).toBe(true)
    }
    // No cookie and no script for it: the page is the same document with another title.
    const page = await view(b)
    expect(page.response.headers.get('Set-Cookie')).toBeNull()
    // Served from the page cache, keyed on the arm: the second view of each arm is a hit.
    expect(page.response.headers.get('X-Page-Cache')).toBe('hit')
    // A view of another page is not an exposure; reloads are one visitor.
    await view(b, '/about-us')
    const counted = await exposures(id)
    const total = counted.reduce((n, row) => n + row.n, 0)
    const visitors = (await env.DB.prepare('SELECT COUNT(*) AS n FROM experiment_visitors').first<{
      n: number
    }>())!.n
    expect(total).toBe(visitors)
    expect(counted.map((row) => row.arm)).toEqual([0, 1])
  })

  it('never counts a bot or a prerender, and shows a bot the live site', async () => {
    const id = await heroExperiment()
    for (let i = 0; i < 20; i++) {
      const bot = await view(uniqueIpv4(), '/', { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' })
      expect(bot.sawA).toBe(true)
      await view(uniqueIpv4(), '/', { 'Sec-Purpose': 'prefetch;prerender' })
    }
    expect(await exposures(id)).toEqual([])
  })

  it('counts an activated prerender once, through its beacon, and the prerender itself never', async () => {
    const id = await heroExperiment()
    const ip = uniqueIpv4()
    const prerender = await view(ip, '/', { 'Sec-Purpose': 'prefetch;prerender' })
    expect(await exposures(id)).toEqual([])
    for (let i = 0; i < 2; i++) {
      const { response, settled } = await callApp('/api/view', {
        method: 'POST',
        headers: {
          ...SAME_ORIGIN,
          ...PERSON,
          'Content-Type': 'text/plain;charset=UTF-8',
          'CF-Connecting-IP': ip,
        },
        body: `${ORIGIN}/\n`,
      })
      await settled
      expect(response.status).toBe(204)
    }
    // One visitor, in the version the prerender showed.
    expect(await exposures(id)).toEqual([{ arm: prerender.sawB ? 1 : 0, n: 1 }])
  })

  it('credits a lead to the arm its visitor saw, never spam, and stops counting one marked spam', async () => {
    const id = await heroExperiment()
    const { a, b } = await visitorsOfEachArm()
    const send = async (ip: string, fields: Record<string, unknown> = {}) => {
      const response = await postContact(JSON.stringify({ ...validContact(), ...fields }), {
        ip,
        headers: { 'User-Agent': PERSON['User-Agent'] },
      })
      expect(response.status).toBe(202)
    }
    await send(b)
    await send(b)
    await send(a)
    // A honeypot filled in: spam, never credited.
    await send(b, { website: 'https://spam.example' })
    const credited = await env.DB.prepare(
      'SELECT e.arm, l.status FROM experiment_leads e JOIN leads l ON l.id = e.lead_id ORDER BY e.arm',
    ).all<{ arm: number; status: string }>()
    expect(credited.results.map((row) => row.arm)).toEqual([0, 1, 1])
    expect(credited.results.every((row) => row.status !== 'spam')).toBe(true)
    // A lead from a visitor who never saw the tested page is credited to none.
    await send(uniqueIpv4())
    expect(
      (await env.DB.prepare('SELECT COUNT(*) AS n FROM experiment_leads').first<{ n: number }>())!.n,
    ).toBe(3)

    const rowsOf = async () => tableRows((await adminGet(`/admin/experiments/${id}`)).body, RESULTS)
    // Visitors as exposed (every visitor tried until both versions were seen), leads as credited.
    const visitors = (await exposures(id)).map((row) => String(row.n))
    expect((await rowsOf()).map((row) => row.slice(0, 3))).toEqual([
      ['A', visitors[0], '1'],
      ['B', visitors[1], '2'],
    ])
    // One of B's leads marked spam by sales: it no longer counts.
    const lead = await env.DB.prepare('SELECT lead_id FROM experiment_leads WHERE arm = 1 LIMIT 1').first<{
      lead_id: string
    }>()
    await env.DB.prepare("UPDATE leads SET status = 'spam' WHERE id = ?").bind(lead!.lead_id).run()
    expect((await rowsOf())[1]!.slice(0, 3)).toEqual(['B', visitors[1], '1'])
  })

  it('puts each version’s loading and response beside its leads, from its own visitors’ field speed (issue 62)', async () => {
    const id = await heroExperiment()
    const { a, b } = await visitorsOfEachArm()
    const beacon = async (ip: string, page: string, metrics: Record<string, number>) => {
      const { response, settled } = await callApp('/api/vitals', {
        method: 'POST',
        headers: { ...PERSON, ...SAME_ORIGIN, 'Content-Type': 'text/plain', 'CF-Connecting-IP': ip },
        body: JSON.stringify({ page, nav: 'navigate', width: 390, metrics }),
      })
      await settled
      expect(response.status).toBe(204)
    }
    // A's visitor loads the hero in 1.2 s, B's in 4.5 s; B's view of another page counts for neither.
    await beacon(a, '/', { LCP: 1_200, INP: 80, CLS: 0.01 })
    await beacon(b, '/', { LCP: 4_500, INP: 300 })
    await beacon(b, '/about-us', { LCP: 9_000 })
    await servicesOf().traffic.vitals.flush()
    const stored = await env.DB.prepare(
      'SELECT arm, metric, bucket, count FROM vitals_arms WHERE experiment = ? ORDER BY arm, metric',
    )
      .bind(id)
      .all()
    expect(stored.results).toEqual([
      { arm: 0, metric: 'INP', bucket: bucketOf('INP', 80), count: 1 },
      { arm: 0, metric: 'LCP', bucket: bucketOf('LCP', 1_200), count: 1 },
      { arm: 1, metric: 'INP', bucket: bucketOf('INP', 300), count: 1 },
      { arm: 1, metric: 'LCP', bucket: bucketOf('LCP', 4_500), count: 1 },
    ])
    // 120 more of A's loads at 1.2 s: enough to say; B's single one is not.
    await env.DB.prepare(
      "UPDATE vitals_arms SET count = count + 120 WHERE experiment = ? AND arm = 0 AND metric = 'LCP'",
    )
      .bind(id)
      .run()
    const rows = tableRows((await adminGet(`/admin/experiments/${id}`)).body, RESULTS)
    const loading = speedValue('LCP', valueOfBucket('LCP', bucketOf('LCP', 1_200)!))
    expect(rows.map((row) => [row[0], ...row.slice(6)])).toEqual([
      ['A', `${loading} good 121 views`, 'not enough data 1 views'],
      ['B', 'not enough data 1 views', 'not enough data 1 views'],
    ])
    expect(visibleText((await adminGet(`/admin/experiments/${id}`)).body)).toContain('Loading Response')
  })
})

describe('the split', () => {
  /** The arms `visitors` synthetic visitors get: counts per arm, and how many are in at all. */
  async function split(visitors: number) {
    const { edge: experiments } = servicesOf().experiments
    const url = new URL('https://example.com/')
    const counts = [0, 0]
    let inside = 0
    for (let i = 0; i < visitors; i++) {
      const headers = new Headers({
        ...PERSON,
        'CF-Connecting-IP': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      })
      const arm = (await experiments.assign(headers, url))!.arms[0]?.arm
      if (arm === undefined) continue
      inside++
      counts[arm]!++
    }
    return { counts, inside }
  }

  it('puts 10,000 synthetic visitors 50/50 within the alarm’s bounds', async () => {
    await heroExperiment()
    const { counts, inside } = await split(10_000)
    expect(inside).toBe(10_000)
    expect(sampleRatioPValue(counts, [1, 1])).toBeGreaterThan(SRM_ALARM_P)
    expect(Math.abs(counts[0]! - 5000)).toBeLessThan(250)
  })

  it('splits 90/10 as weighted, among the share of visitors in the experiment', async () => {
    await heroExperiment({ split: '90', share: '40' })
    const { counts, inside } = await split(5_000)
    expect(Math.abs(inside - 2_000)).toBeLessThan(150)
    expect(sampleRatioPValue(counts, [9, 1])).toBeGreaterThan(SRM_ALARM_P)
    expect(sampleRatioPValue(counts, [1, 1])).toBeLessThan(SRM_ALARM_P)
  })

  it('raises the alarm on a skewed split and shows no verdict', async () => {
    const id = await heroExperiment()
    const day = new Date().toISOString().slice(0, 10)
    await env.DB.batch([
      env.DB.prepare(
        'INSERT INTO experiment_days (experiment_id, day, arm, visitors) VALUES (?, ?, 0, 5200), (?, ?, 1, 4800)',
      ).bind(id, day, id, day),
    ])
    const { body, response } = await adminGet(`/admin/experiments/${id}`)
    expect(response.status).toBe(200)
    expect(visibleText(body)).toContain('The split is broken: do not trust these results')
    expect(tableRows(body, RESULTS).map((row) => [row[0], row[1], row[5]])).toEqual([
      ['A', '5,200', 'The version the others are compared with'],
      ['B', '4,800', '—'],
    ])
    // 5,050 against 4,950 is chance: no alarm.
    await env.DB.prepare(
      'UPDATE experiment_days SET visitors = CASE arm WHEN 0 THEN 5050 ELSE 4950 END',
    ).run()
    expect(visibleText((await adminGet(`/admin/experiments/${id}`)).body)).not.toContain(
      'The split is broken',
    )
  })
})

/** 1,000 in `npm run test:fuzz`; 300 in `npm test`, six times VISITORS_PER_NETWORK. */
const SCRIPTED = waveSize(1_000, 300)

describe('U5: a script steering an experiment', () => {
  // The setting is one row that outlives a test: off again for the next file's tests.
  afterEach(async () => {
    await adminPost('/admin/experiments/cookie', {})
  })

  /** A script's activation beacon for `page` (the cheapest exposure there is) from `ip`. */
  const beacon = (ip: string, headers: Record<string, string> = {}, page = '/') =>
    callApp('/api/view', {
      method: 'POST',
      headers: {
        ...SAME_ORIGIN,
        ...PERSON,
        'Content-Type': 'text/plain;charset=UTF-8',
        'CF-Connecting-IP': ip,
        ...headers,
      },
      body: `${ORIGIN}${page}\n`,
    })

  /** Sends `count` beacons, `at(i)` giving each one's address and headers; waits for their counting. */
  async function beacons(count: number, at: (i: number) => [string, Record<string, string>, string?]) {
    const pending: Promise<unknown>[] = []
    for (let i = 0; i < count; i++) {
      const sent = await beacon(...at(i))
      expect(sent.response.status).toBe(204)
      pending.push(sent.settled)
    }
    await Promise.all(pending)
  }

  it(
    `U5: ${SCRIPTED.toLocaleString('en')} scripted exposures naming arm A in the cookie, from rotating /64s of one /48, choose no arm and count at most VISITORS_PER_NETWORK`,
    async () => {
      const id = await heroExperiment()
      await adminPost('/admin/experiments/cookie', { cookie: 'on' })
      await beacons(SCRIPTED, (i) => [`2001:db8:5e7:${i.toString(16)}::1`, { Cookie: `exp=${id}:0` }])
      const counted = await exposures(id)
      const total = counted.reduce((n, row) => n + row.n, 0)
      // The site never signed that cookie: each visitor got the arm of their hash, so both arms.
      expect(counted.map((row) => row.arm)).toEqual([0, 1])
      expect(total).toBeLessThanOrEqual(VISITORS_PER_NETWORK)
      // A wave of 300 requests, each through the rate limiters: it passed 30 s beside the browser tests.
    },
    LONG,
  )

  it(
    'U5: an exposure counts only when its view does: a client VIEW_LIMITER turned away adds none',
    async () => {
      const id = await heroExperiment()
      await roomInRateWindow(10_000)
      const client = '2001:db8:5e8:1::'
      // 60 views of another page fill this /64's minute.
      await beacons(60, (i) => [`${client}${(i + 1).toString(16)}`, {}, '/about-us'])
      const before = (await exposures(id)).reduce((n, row) => n + row.n, 0)
      await beacons(20, (i) => [
        `${client}${(0x100 + i).toString(16)}`,
        { 'User-Agent': `${PERSON['User-Agent']} rotate/${i}` },
      ])
      expect((await exposures(id)).reduce((n, row) => n + row.n, 0)).toBe(before)
    },
    RATE_WINDOW_TEST_TIMEOUT,
  )

  it('U5: a genuine cookie copied to 200 networks can fill only its own arm, and the split’s alarm rings', async () => {
    const id = await heroExperiment()
    await adminPost('/admin/experiments/cookie', { cookie: 'on' })
    const { a } = await visitorsOfEachArm()
    const cookie = ((await view(a)).response.headers.get('Set-Cookie') ?? '').split(';')[0]!
    expect(cookie).toMatch(new RegExp(`^exp=${id}:0\\.`))
    await beacons(200, (i) => [`2001:db8:${(0x600 + i).toString(16)}:1::1`, { Cookie: cookie }])
    const counted = await exposures(id)
    expect(counted[0]!.n).toBeGreaterThan(200)
    const { body } = await adminGet(`/admin/experiments/${id}`)
    expect(visibleText(body)).toContain('The split is broken: do not trust these results')
  })
})

describe('/admin/experiments', () => {
  it('refuses an experiment with no saved draft, in words, keeping what was typed', async () => {
    const { response, body } = await adminPost('/admin/experiments', {
      name: 'About: new intro',
      doc: 'about',
      split: '50',
      share: '100',
      lift: '25',
    })
    expect(response.status).toBe(409)
    expect(noticeOf(body)?.text).toContain('has no saved draft')
    expect(body).toContain('value="About: new intro"')
    const bad = await adminPost('/admin/experiments', {
      name: 'x',
      doc: 'about',
      split: '50',
      share: '0',
      lift: '25',
    })
    expect(bad.response.status).toBe(400)
  })

  it('plans before the start, refuses a second experiment on the same section, and Stop serves the live site at once', async () => {
    await saveHeroDraft()
    const made = await adminPost('/admin/experiments', {
      name: 'First',
      doc: 'home-hero',
      split: '50',
      share: '100',
      lift: '25',
    })
    const id = /experiments\/([^?]+)/.exec(made.response.headers.get('Location')!)![1]!
    const draft = visibleText((await adminGet(`/admin/experiments/${id}`)).body)
    expect(draft).toContain('Visitors each version needs')
    await adminPost(`/admin/experiments/${id}/start`)
    const second = await adminPost('/admin/experiments', {
      name: 'Second',
      doc: 'home-hero',
      split: '50',
      share: '100',
      lift: '25',
    })
    const secondId = /experiments\/([^?]+)/.exec(second.response.headers.get('Location')!)![1]!
    const refused = await adminPost(`/admin/experiments/${secondId}/start`)
    expect(refused.response.status).toBe(409)
    expect(noticeOf(refused.body)?.text).toContain(
      'Another experiment on the same page or section is running',
    )

    const { b } = await visitorsOfEachArm()
    expect((await adminPost(`/admin/experiments/${id}/stop`)).response.status).toBe(303)
    const after = await view(b)
    expect(after.sawB).toBe(false)
    expect(after.sawA).toBe(true)
  })

  it('"Test this draft" in the editor opens New experiment with the document chosen', async () => {
    const editor = await adminGet('/admin/content/home-hero')
    const link = /<a href="([^"]+)"[^>]*>Test this draft on visitors<\/a>/.exec(editor.body)?.[1]
    expect(link).toBe('/admin/experiments?doc=home-hero#new-experiment')
    const form = (await adminGet(link!.replace(/#.*/, ''))).body
    expect(form).toMatch(/<option value="home-hero" selected="">/)
  })

  it('shows each version as its visitors see it, from the experiment’s page, never cached', async () => {
    const id = await heroExperiment()
    const page = (await adminGet(`/admin/experiments/${id}`)).body
    expect(visibleText(page)).toContain('See version B')
    const b = await adminGet(`/admin/experiments/${id}/versions/B/preview`)
    expect(b.response.status).toBe(200)
    expect(b.response.headers.get('Cache-Control')).toBe('no-store')
    expect(visibleText(b.body)).toContain(B_TITLE)
    expect(visibleText(b.body)).toContain('This is version B of the experiment “Hero: a shorter headline”')
    // A message sent from it is a test (tests/worker/leads/draft-leads.test.ts): the bar says so, and
    // its form's token is a draft view's.
    expect(visibleText(b.body)).toContain(DRAFT_FORM_NOTE)
    expect(b.body).toMatch(/name="formToken" value="[0-9a-z]+\.draft\.[\w-]{43}"/)
    const a = await adminGet(`/admin/experiments/${id}/versions/A/preview`)
    expect(visibleText(a.body)).toContain(home.hero.title)
    expect(visibleText(a.body)).not.toContain(B_TITLE)
    expect((await adminGet(`/admin/experiments/${id}/versions/Z/preview`)).response.status).toBe(404)
  })

  it('says there is not enough traffic yet, never NaN, when leads outnumber the counted visitors', async () => {
    await saveHeroDraft()
    // Three leads and one view: a lead rate of 300 %, which no test can be planned on.
    await view(uniqueIpv4(), '/about-us')
    for (let i = 0; i < 3; i++) {
      const response = await postContact(JSON.stringify(validContact()), {
        ip: uniqueIpv4(),
        headers: { 'User-Agent': PERSON['User-Agent'] },
      })
      expect(response.status).toBe(202)
    }
    const made = await adminPost('/admin/experiments', {
      name: 'Rate over 100 %',
      doc: 'home-hero',
      split: '50',
      share: '100',
      lift: '25',
    })
    const id = /experiments\/([^?]+)/.exec(made.response.headers.get('Location')!)![1]!
    const page = visibleText((await adminGet(`/admin/experiments/${id}`)).body)
    expect(page).toContain('Visitors each version needs')
    expect(page).toContain('Not enough traffic yet to estimate.')
    expect(page).not.toMatch(/NaN|Infinity/)
  })

  it('makes version B live for everyone, with history, and logs each step', async () => {
    const id = await heroExperiment()
    // No lead yet, so no verdict: Make live asks first, and changes nothing until confirmed.
    const asked = await adminPost(`/admin/experiments/${id}/promote`, { arm: '1' })
    expect(asked.response.status).toBe(200)
    const question = visibleText(asked.body)
    expect(question).toContain('Make version B live before the verdict is clear?')
    expect(question).toContain('Make version B live anyway')
    expect(question).toContain('Keep testing')
    expect(
      (
        await env.DB.prepare('SELECT status FROM experiments WHERE id = ?')
          .bind(id)
          .first<{ status: string }>()
      )?.status,
    ).toBe('running')
    const made = await adminPost(`/admin/experiments/${id}/promote`, { arm: '1', confirmed: 'yes' })
    expect(made.response.headers.get('Location')).toBe(`/admin/experiments/${id}?notice=promoted`)
    for (let i = 0; i < 5; i++) expect((await view(uniqueIpv4())).sawB).toBe(true)
    const revision = await env.DB.prepare(
      "SELECT note FROM content_revisions WHERE doc = 'home-hero' ORDER BY id DESC LIMIT 1",
    ).first<{ note: string }>()
    expect(revision?.note).toBe('Experiment “Hero: a shorter headline”: arm B')
    const actions = await env.DB.prepare(
      "SELECT action FROM activity WHERE action LIKE 'experiment-%' ORDER BY id",
    ).all<{
      action: string
    }>()
    expect(actions.results.map((row) => row.action)).toEqual([
      'experiment-made',
      'experiment-started',
      'experiment-promoted',
    ])
    const page = visibleText((await adminGet(`/admin/experiments/${id}`)).body)
    expect(page).toContain('Made live B')
  })

  it('cannot start with a version that no longer passes the studio’s checks', async () => {
    const arms = [
      { name: 'A', weight: 1, edition: null },
      { name: 'B', weight: 1, edition: { 'home.hero.title': '' } },
    ]
    await env.DB.prepare(
      `INSERT INTO experiments (id, name, doc, arms, made_by, made_at) VALUES ('unfit', 'Unfit', 'home-hero', ?, 'Ada', ?)`,
    )
      .bind(JSON.stringify(arms), new Date().toISOString())
      .run()
    const refused = await adminPost('/admin/experiments/unfit/start')
    expect(refused.response.status).toBe(409)
    expect(noticeOf(refused.body)?.text).toContain('A version does not pass the studio’s checks any more')
    const row = await env.DB.prepare("SELECT status FROM experiments WHERE id = 'unfit'").first<{
      status: string
    }>()
    expect(row?.status).toBe('draft')
  })

  it('remembers versions in a cookie only when an admin turns it on, and the privacy page says which', async () => {
    const id = await heroExperiment()
    const privacy = async () => visibleText((await callApp('/privacy-policy')).body)
    expect(await privacy()).toContain('no cookie or script is used for it')
    const editor = await sessionAs('editor')
    expect(
      (await adminPost('/admin/experiments/cookie', { cookie: 'on' }, { cookie: editor })).response.status,
    ).toBe(403)
    const turned = await adminPost('/admin/experiments/cookie', { cookie: 'on' })
    expect(turned.response.headers.get('Location')).toBe('/admin/experiments?notice=cookieOn')
    expect(await privacy()).toContain('sets a cookie named “exp”')

    const { a, b } = await visitorsOfEachArm()
    const first = await view(a)
    const set = first.response.headers.get('Set-Cookie') ?? ''
    expect(set).toMatch(
      new RegExp(
        `^exp=${id}:0\\.[0-9a-z]+\\.[\\w-]{43}; Path=/; Max-Age=2592000; Secure; HttpOnly; SameSite=Lax$`,
      ),
    )
    const cookieA = set.split(';')[0]!
    const cookieB = ((await view(b)).response.headers.get('Set-Cookie') ?? '').split(';')[0]!
    // Sent back, it is not set again; and it wins over the day's hash (another day, another address).
    expect((await view(a, '/', { Cookie: cookieA })).response.headers.get('Set-Cookie')).toBeNull()
    const remembered = await view(a, '/', { Cookie: cookieB })
    expect(remembered.sawB).toBe(true)
    // The console is never in an experiment: no cookie is set there.
    const consolePage = await adminGet('/admin/experiments')
    expect(consolePage.response.status).toBe(200)
    expect(consolePage.response.headers.get('Set-Cookie') ?? '').not.toContain('exp=')

    await adminPost('/admin/experiments/cookie', {})
    expect(await privacy()).toContain('no cookie or script is used for it')
    const off = await view(a, '/', { Cookie: cookieB })
    expect(off.response.headers.get('Set-Cookie')).toBeNull()
    expect(off.sawA).toBe(true)
  })

  it('lets sales read the results and the CSV, but not change anything', async () => {
    const id = await heroExperiment()
    const sales = await sessionAs('sales')
    const page = await adminGet(`/admin/experiments/${id}`, {}, sales)
    expect(page.response.status).toBe(200)
    expect(page.body).not.toContain(`/admin/experiments/${id}/stop`)
    const csv = await adminGet(`/admin/experiments/${id}/results.csv`, {}, sales)
    expect(csv.response.status).toBe(200)
    expect(csv.body.split('\r\n')[0]).toBe('day,version,visitors,leads')
    const stop = await adminPost(`/admin/experiments/${id}/stop`, {}, { cookie: sales })
    expect(stop.response.status).toBe(403)
    expect(
      (
        await env.DB.prepare('SELECT status FROM experiments WHERE id = ?')
          .bind(id)
          .first<{ status: string }>()
      )?.status,
    ).toBe('running')
  })
})

describe('the results and the leads wing', () => {
  it('counts the leads through the leads wing’s view, reading one experiment’s credits and never scanning leads', async () => {
    const statements: string[] = []
    const recording = new Proxy(env.DB, {
      get(on, key) {
        const value: unknown = Reflect.get(on, key, on)
        if (key === 'prepare') return (sql: string) => (statements.push(sql), on.prepare(sql))
        return typeof value === 'function' ? value.bind(on) : value
      },
    })
    expect((await new ExperimentStore(recording).results('none')).ok).toBe(true)
    // Which leads count (not spam, not erased) is the leads wing's to say: the results name its view.
    expect(statements.filter((sql) => /\bleads_by_arm\b/.test(sql))).toHaveLength(1)
    const scans: string[] = []
    for (const sql of statements) {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind('none')
        .all<{ detail: string }>()
      for (const { detail } of results)
        if (/^SCAN (leads|credited|experiment_leads|experiment_days)\b/.test(detail))
          scans.push(`${detail} ← ${sql}`)
    }
    expect(scans).toEqual([])
  })
})
