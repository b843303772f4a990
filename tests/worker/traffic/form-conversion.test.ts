/**
 * A campaign form's conversion (issue 63, item 7): on the landing pages' list, each page's views,
 * the visitors who started its form (the island's one start beacon, guarded as the view beacon is),
 * its leads and leads per visitor; "not measured" where no campaign form's island loads. And an
 * experiment on the page testing two versions of its form: each arm's visitors get that arm's form,
 * its posts are checked by that form, and its starts and leads count for the arm.
 */
import { describe, expect, it } from 'vitest'
import { FORM_PAGE_FIELD } from '../../../src/schemas/campaign-form-rules'
import { START_BODY_LIMIT } from '../../../src/server/traffic/routes/form-start-beacon'
import {
  adminGet,
  adminPost,
  callApp,
  env,
  openEditor,
  ORIGIN,
  OWN_HEAD,
  postContact,
  postEditor,
  SAME_ORIGIN,
  tableRows,
  uniqueIpv4,
  visibleText,
} from '../support'
import { PERSON } from '../support/traffic'
import {
  answers,
  core,
  EDITOR,
  FAIR,
  FORM,
  publishForm,
  SLUG,
  withQuestions,
} from '../leads/campaign-form-support'

/** A person's view of the landing page from `ip`, its count written. */
async function view(ip: string, path = `/${SLUG}`) {
  const page = await callApp(path, { headers: { ...PERSON, 'CF-Connecting-IP': ip } })
  await page.settled
  return page
}

/** The island's start beacon, as a browser sends it (`navigator.sendBeacon` with a string). */
async function start(
  ip: string,
  { body = `${ORIGIN}/${SLUG}`, headers = {}, provenance = SAME_ORIGIN as Record<string, string> } = {},
) {
  const sent = await callApp('/api/form-start', {
    method: 'POST',
    headers: {
      ...provenance,
      ...PERSON,
      'Content-Type': 'text/plain;charset=UTF-8',
      'CF-Connecting-IP': ip,
      ...headers,
    },
    body,
  })
  await sent.settled
  return sent.response.status
}

/** A post of the page's form by the visitor at `ip` (the same browser as its view). */
async function send(ip: string, fields: Record<string, unknown>) {
  const response = await postContact(JSON.stringify({ [FORM_PAGE_FIELD]: SLUG, ...core(), ...fields }), {
    ip,
    headers: { 'User-Agent': PERSON['User-Agent'], Referer: `${ORIGIN}/${SLUG}` },
  })
  return { status: response.status, json: (await response.json()) as { id?: string; errors?: object } }
}

/** A landing page's row on the list from Views on: views, starts, leads, leads per visitor. */
async function listRow(slug = SLUG) {
  const list = await adminGet('/admin/pages')
  const row = tableRows(list.body, 'Every landing page').find((cells) => cells[1] === `/${slug}`)
  return row?.slice(4, 8)
}

describe('a campaign form’s conversion on the landing pages’ list', () => {
  it('counts a send of the form as its lead, beside the page’s views and the visitors who started it', async () => {
    await publishForm(FORM)
    const ip = uniqueIpv4()
    await view(ip)
    expect(await listRow()).toEqual(['1', '0', '0', '0.0 %'])
    // The island sends one beacon per page load; a reload's, or a replay's, is the same visitor's start.
    for (let i = 0; i < 3; i++) expect(await start(ip)).toBe(204)
    const sent = await send(ip, answers())
    expect(sent.status, JSON.stringify(sent.json)).toBe(202)
    expect(await listRow()).toEqual(['1', '1', '1', '100.0 %'])
    // A second visitor who only starts it.
    const other = uniqueIpv4()
    await view(other)
    expect(await start(other)).toBe(204)
    expect(await listRow()).toEqual(['2', '2', '1', '50.0 %'])
  })

  it('refuses a start from another site or over the body limit, and never counts a bot’s or another page’s', async () => {
    await publishForm(FORM)
    const ip = uniqueIpv4()
    await view(ip)
    const foreign = { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }
    expect(await start(ip, { provenance: foreign })).toBe(403)
    // A script's post, with neither header a browser sets.
    expect(await start(ip, { provenance: {} })).toBe(403)
    expect(await start(ip, { body: `${ORIGIN}/${SLUG}?${'x'.repeat(START_BODY_LIMIT)}` })).toBe(413)
    expect(await start(ip, { headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } })).toBe(
      204,
    )
    // Only a landing page's form is started: a fixed page, another site's page or an unknown path is not.
    expect(await start(ip, { body: `${ORIGIN}/about-us` })).toBe(204)
    expect(await start(ip, { body: `https://evil.example/${SLUG}` })).toBe(204)
    expect(await start(ip, { body: `${ORIGIN}/no-such-page` })).toBe(204)
    expect(await listRow()).toEqual(['1', '0', '0', '0.0 %'])
    const rows = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM traffic_daily WHERE dimension = 'form-start'",
    ).first<{ n: number }>()
    expect(rows!.n).toBe(0)
  })

  it('says "not measured" for a page whose form asks nothing of its own, and one with no form', async () => {
    // The campaign template's contact section without questions is the spec's form: no start beacon.
    const created = await adminPost('/admin/pages/new', { slug: SLUG, start: 'campaign' })
    expect(created.response.status).toBe(303)
    const form = await withQuestions([], { ...(await openEditor(EDITOR)).fields, ...OWN_HEAD })
    expect((await postEditor(EDITOR, form, 'publish')).response.status).toBe(303)
    const ip = uniqueIpv4()
    await view(ip)
    expect(await start(ip)).toBe(204)
    expect(await listRow()).toEqual(['1', 'not measured', '0', '0.0 %'])
    expect(visibleText((await adminGet('/admin/pages')).body)).toContain(
      'A page whose form asks nothing of its own, or that has no form, shows not measured.',
    )
  })
})

const RESULTS = 'Visitors, leads and the verdict for each version'

describe('an experiment on a landing page’s form', () => {
  it('serves each version’s form, checks a post by it, and counts its starts and leads for the version', async () => {
    await publishForm(FORM)
    // Version B: the fair alone, saved as a draft.
    const fewer = await withQuestions([FAIR], { ...(await openEditor(EDITOR)).fields, ...OWN_HEAD })
    expect((await postEditor(EDITOR, fewer, 'save')).response.status).toBe(303)
    const made = await adminPost('/admin/experiments', {
      name: 'Form: the fair alone',
      doc: `page:${SLUG}`,
      split: '50',
      share: '100',
      lift: '25',
    })
    const id = /\/admin\/experiments\/([^?]+)\?notice=made$/.exec(made.response.headers.get('Location')!)![1]!
    const started = await adminPost(`/admin/experiments/${id}/start`)
    expect(started.response.headers.get('Location')).toBe(`/admin/experiments/${id}?notice=started`)

    const found: { a?: string; b?: string } = {}
    for (let i = 0; i < 60 && !(found.a && found.b); i++) {
      const ip = uniqueIpv4()
      const page = await view(ip)
      expect(page.body).toContain('Which fair?')
      if (page.body.includes('Stores you run')) found.a ??= ip
      else found.b ??= ip
    }
    const { a, b } = found as { a: string; b: string }
    expect(a && b, 'both versions seen in 60 visitors').toBeTruthy()

    // B's visitor sends B's form: the fair alone. A field of A's form is no field of B's.
    const refused = await send(b, answers())
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.json.errors)).toContain('f-stores-you-run')
    const sentB = await send(b, { 'f-which-fair': 'EuroShop' })
    expect(sentB.status, JSON.stringify(sentB.json)).toBe(202)
    // A's visitor sends A's form, which still asks the number of stores.
    expect((await send(a, { 'f-which-fair': 'EuroShop' })).status).toBe(400)
    const sentA = await send(a, answers())
    expect(sentA.status, JSON.stringify(sentA.json)).toBe(202)

    const credited = await env.DB.prepare(
      'SELECT lead_id AS id, arm FROM experiment_leads WHERE experiment_id = ? ORDER BY arm',
    )
      .bind(id)
      .all<{ id: string; arm: number }>()
    expect(credited.results).toEqual([
      { id: sentA.json.id, arm: 0 },
      { id: sentB.json.id, arm: 1 },
    ])

    // B's visitor started the form (twice: one start); A's did not.
    expect(await start(b)).toBe(204)
    expect(await start(b)).toBe(204)
    const rows = tableRows((await adminGet(`/admin/experiments/${id}`)).body, RESULTS)
    const visitors = (
      await env.DB.prepare(
        'SELECT arm, visitors, starts FROM experiment_days WHERE experiment_id = ? ORDER BY arm',
      )
        .bind(id)
        .all<{ arm: number; visitors: number; starts: number }>()
    ).results
    expect(visitors.map((row) => row.starts)).toEqual([0, 1])
    expect(rows.map((row) => row.slice(0, 4))).toEqual([
      ['A', String(visitors[0]!.visitors), '0', '1'],
      ['B', String(visitors[1]!.visitors), '1', '1'],
    ])
    expect(visibleText((await adminGet(`/admin/experiments/${id}`)).body)).toContain('Started the form')
    const csv = (await adminGet(`/admin/experiments/${id}/results.csv`)).body.split('\r\n')
    expect(csv[0]).toBe('day,version,visitors,leads,starts')
    expect(csv.slice(1, 3).map((line) => line.split(',').slice(1))).toEqual([
      ['"A"', String(visitors[0]!.visitors), '1', '0'],
      ['"B"', String(visitors[1]!.visitors), '1', '1'],
    ])
  })
})
