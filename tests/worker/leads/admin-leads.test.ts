/**
 * The console's lead desk: counts per status, the list with its status filter, search and
 * paging, one lead with every field, Send again and Erase (303 back with a notice, refused where
 * the status does not allow them), the waiting banner, and the CSV export of the current filter.
 */
import { adminCopy } from '../../../src/content/admin'
import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import {
  ADMIN_COOKIE,
  adminGet,
  adminPost,
  capturingQueue,
  env,
  leadRecord,
  newLeadContent,
  noticeOf,
  ORIGIN,
  storeLead,
  tableRows,
  visibleText,
  DAY,
} from '../support'

const LIST = 'Leads, newest first'
const COUNTS = 'Leads per status, received today (UTC), in the last 7 days and in the last 30 days'
const ago = (ms: number) => new Date(Date.now() - ms).toISOString()
/** The address of the pager's Previous or Next link. */
const linkTo = (html: string, rel: 'prev' | 'next') =>
  (new RegExp(`href="([^"]+)" rel="${rel}"`).exec(html)?.[1] ?? '').replaceAll('&amp;', '&')
/** The names in the list, top to bottom. */
const namesIn = (html: string) => tableRows(html, LIST).map((row) => row[1])

describe('the list (/admin/leads)', () => {
  it('counts leads per status received today, in 7 days and in 30 days', async () => {
    await storeLead({ status: 'dead', receivedAt: ago(60_000) })
    await storeLead({ status: 'dead', receivedAt: ago(3 * DAY) })
    await storeLead({ status: 'dead', receivedAt: ago(20 * DAY) })
    await storeLead({ status: 'delivered', receivedAt: ago(40 * DAY) })
    const counts = tableRows((await adminGet('/admin/leads')).body, COUNTS)
    expect(counts.find((row) => row[0] === 'dead')).toEqual(['dead', '1', '2', '3'])
    expect(counts.find((row) => row[0] === 'delivered')).toEqual(['delivered', '0', '0', '0'])
  })

  it('shows received (UTC), name, e-mail, status as its word, the channel that delivered it, and attempts, newest first', async () => {
    const old = await storeLead({ status: 'delivered', receivedAt: '2026-11-01T08:00:00.000Z', attempts: 1 })
    await env.DB.prepare("UPDATE leads SET delivered_via = 'sales-email' WHERE id = ?").bind(old.id).run()
    const recent = await storeLead({ status: 'retrying', receivedAt: ago(60_000), attempts: 3 })
    const { body } = await adminGet('/admin/leads')
    expect(body).toContain(
      '<th scope="col">Received (UTC)</th><th scope="col">Name</th><th scope="col">E-mail</th><th scope="col">Sent from page</th><th scope="col">Campaign</th><th scope="col">Status</th><th scope="col">Delivered by</th><th scope="col">Attempts</th>',
    )
    const rows = tableRows(body, LIST)
    expect(rows.map((row) => row.slice(1))).toEqual([
      [recent.content.name, recent.content.email, '', '', 'retrying', '', '3'],
      [old.content.name, old.content.email, '', '', 'delivered', 'Email Service (second channel)', '1'],
    ])
    // Filtered by that channel, only it shows, and the export link keeps the filter.
    const bySecond = await adminGet('/admin/leads?via=sales-email')
    expect(tableRows(bySecond.body, LIST).map((row) => row[1])).toEqual([old.content.name])
    expect(bySecond.body).toContain('href="/admin/leads.csv?via=sales-email"')
    expect(rows[1]![0]).toBe('2026-11-01 08:00:00 UTC')
    expect(body).toContain(`href="/admin/leads/${recent.id}"`)
  })

  it('matches a word under 3 letters whole, a long one by its first 8, and expands at most 3 words as prefixes (review T7)', async () => {
    const jo = await storeLead({ status: 'dead' }, { ...newLeadContent(), name: 'Jo Marchetti' })
    const john = await storeLead({ status: 'dead' }, { ...newLeadContent(), name: 'John Marchetti' })
    const search = async (q: string) =>
      namesIn((await adminGet(`/admin/leads?q=${encodeURIComponent(q)}`)).body)
        .filter((name) => name !== undefined) // "No lead matches." has no name cell
        .sort()
    // "jo" is Jo, not every name that starts with the two letters.
    expect(await search('jo')).toEqual([jo.content.name])
    expect(await search('joh')).toEqual([john.content.name])
    expect(await search('march')).toEqual([john.content.name, jo.content.name].sort())
    // A word of more than 8 letters matches by its first 8, the longest prefix the index keeps.
    expect(await search('marchettiano')).toEqual([john.content.name, jo.content.name].sort())
    // The fourth word must be whole: "cal" is not "call"; the first three may be the start of one.
    expect(await search('marc plea virt cal')).toEqual([])
    expect(await search('marc plea virt call')).toEqual([john.content.name, jo.content.name].sort())
  })

  it('filters by status and searches name, e-mail and phone, keeping the filter in the form and the export link', async () => {
    const dead = await storeLead({ status: 'dead' })
    const held = await storeLead({ status: 'held' })
    const delivered = await storeLead({ status: 'delivered' })
    expect(namesIn((await adminGet('/admin/leads?status=dead')).body)).toEqual([dead.content.name])
    const byEmail = await adminGet(`/admin/leads?q=${encodeURIComponent(held.content.email.toUpperCase())}`)
    expect(namesIn(byEmail.body)).toEqual([held.content.name])
    const byPhone = await adminGet(`/admin/leads?q=${encodeURIComponent(delivered.content.phone)}`)
    expect(namesIn(byPhone.body)).toEqual([delivered.content.name])
    const byName = await adminGet(`/admin/leads?q=${encodeURIComponent(dead.content.name.slice(-8))}`)
    expect(namesIn(byName.body)).toEqual([dead.content.name])
    const none = await adminGet('/admin/leads?status=dead&q=nobody-at-all')
    expect(tableRows(none.body, LIST)).toEqual([['No lead matches.']])
    // An unknown status is no filter at all.
    expect(namesIn((await adminGet('/admin/leads?status=bogus')).body)).toHaveLength(3)

    const { body } = await adminGet(`/admin/leads?status=held&q=${encodeURIComponent(held.content.email)}`)
    expect(body).toMatch(/<option value="held" selected="">held<\/option>/)
    const search = /<input id="lead-search"[^>]*>/.exec(body)?.[0] ?? ''
    expect(search).toContain('name="q"')
    expect(search).toContain(`value="${held.content.email}"`)
    // The export keeps the filter, the words sealed (review T12).
    const exportHref = /href="(\/admin\/leads\.csv\?[^"]+)"/.exec(body)![1]!.replaceAll('&amp;', '&')
    expect(exportHref).toMatch(/^\/admin\/leads\.csv\?status=held&search=[0-9a-f]+$/)
    expect((await adminGet(exportHref)).body).toContain(held.content.email)
  })

  it('takes search words by a form post and answers with an address that does not carry them (review T12)', async () => {
    const wanted = await storeLead({ status: 'dead' })
    const other = await storeLead({ status: 'dead' })
    const words = wanted.content.name
    const posted = await adminPost('/admin/leads', { status: 'dead', via: '', q: ` ${words} ` })
    expect(posted.response.status).toBe(303)
    const address = posted.response.headers.get('Location')!
    expect(address).toMatch(/^\/admin\/leads\?status=dead&search=[0-9a-f]+$/)
    for (const word of words
      .toLowerCase()
      .split(/\W+/)
      .filter((w) => w.length > 2))
      expect(address.toLowerCase()).not.toContain(word)
    const { body } = await adminGet(address)
    expect(namesIn(body)).toEqual([wanted.content.name])
    expect(/<input id="lead-search"[^>]*>/.exec(body)?.[0]).toContain(`value="${words}"`)
    expect(body).not.toContain('q=')
    // A seal that is not ours, or tampered with, opens to no search at all.
    const tampered = address.replace(/search=([0-9a-f])/, (_, c: string) => `search=${c === 'a' ? 'b' : 'a'}`)
    expect(namesIn((await adminGet(tampered)).body)).toEqual(
      expect.arrayContaining([wanted.content.name, other.content.name]),
    )
    // No words: back to the list with the status alone.
    const plain = await adminPost('/admin/leads', { status: 'dead', q: '  ' })
    expect(plain.response.headers.get('Location')).toBe('/admin/leads?status=dead')
  })

  it('pages 50 leads at a time, newest first, keeping the filter in Previous and Next', async () => {
    const start = Date.now() - 60 * 60_000
    const names: string[] = []
    for (let i = 0; i < 53; i++) {
      const lead = await storeLead({ status: 'dead', receivedAt: new Date(start + i * 1000).toISOString() })
      names.unshift(lead.content.name)
    }
    await storeLead({ status: 'delivered' })
    const first = await adminGet('/admin/leads?status=dead')
    expect(namesIn(first.body)).toEqual(names.slice(0, 50))
    expect(visibleText(first.body)).toContain('Page 1 of 2 · 53 leads')
    expect(first.body).not.toContain('rel="prev"')
    // Next starts after the page's last row (a keyset cursor), never at an offset.
    const next = linkTo(first.body, 'next')
    expect(next).toMatch(/^\/admin\/leads\?status=dead&page=2&older=/)
    const second = await adminGet(next)
    expect(namesIn(second.body)).toEqual(names.slice(50))
    expect(visibleText(second.body)).toContain('Page 2 of 2 · 53 leads')
    expect(second.body).toContain('href="/admin/leads?status=dead" rel="prev"')
    expect(second.body).not.toContain('rel="next"')
    // A lead arriving meanwhile does not shift what the next page holds.
    await storeLead({ status: 'dead' })
    expect(namesIn((await adminGet(next)).body)).toEqual(names.slice(50))
    // A cursor or page number that is not one shows the first page.
    expect(namesIn((await adminGet('/admin/leads?status=dead&page=x&older=nonsense')).body)).toHaveLength(50)
    expect(visibleText((await adminGet('/admin/leads?status=dead&page=7')).body)).toContain('Page 1 of 2')
  })

  it('walks back from the third page to the second and the first with Previous', async () => {
    const start = Date.now() - 60 * 60_000
    const names: string[] = []
    for (let i = 0; i < 120; i++) {
      const lead = await storeLead({ status: 'held', receivedAt: new Date(start + i * 1000).toISOString() })
      names.unshift(lead.content.name)
    }
    const second = await adminGet(linkTo((await adminGet('/admin/leads')).body, 'next'))
    const third = await adminGet(linkTo(second.body, 'next'))
    expect(namesIn(third.body)).toEqual(names.slice(100))
    expect(visibleText(third.body)).toContain('Page 3 of 3 · 120 leads')
    const back = await adminGet(linkTo(third.body, 'prev'))
    expect(namesIn(back.body)).toEqual(names.slice(50, 100))
    expect(visibleText(back.body)).toContain('Page 2 of 3')
    expect(linkTo(back.body, 'prev')).toBe('/admin/leads')
    expect(namesIn((await adminGet(linkTo(back.body, 'next'))).body)).toEqual(names.slice(100))
  })

  it('shows a banner while dead or held leads wait, and none once they are dealt with', async () => {
    const dead = await storeLead({ status: 'dead' })
    await storeLead({ status: 'dead' })
    const { body } = await adminGet('/admin/leads')
    expect(visibleText(body)).toContain(
      'Leads are waiting for you. 2 dead. Send them again once the cause is fixed',
    )
    expect(body).toContain('href="/admin/leads?status=dead"')
    await adminPost(`/admin/leads/${dead.id}/erase`)
    expect(visibleText((await adminGet('/admin/leads')).body)).toContain('Leads are waiting for you. 1 dead.')
  })

  it('counts a lead still in flight a day after it arrived as waiting, and a younger one not', async () => {
    const dayAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60_000).toISOString()
    await storeLead({ status: 'retrying', receivedAt: dayAgo(25) })
    await storeLead({ status: 'accepted', receivedAt: dayAgo(26) })
    await storeLead({ status: 'retrying', receivedAt: dayAgo(23) })
    const { body } = await adminGet('/admin')
    const text = visibleText(body)
    expect(text).toContain(
      'Leads are waiting for you. 1 not sent a day after arriving, 1 still retrying a day after arriving. ' +
        'Delivery should have ended within hours: open each one to read its last error.',
    )
    expect(text).not.toContain('Send them again once the cause is fixed')
    expect(body).toContain('href="/admin/leads?status=retrying"')
  })
})

describe('one lead (/admin/leads/<id>)', () => {
  it('shows every field, the attribution, attempts, last error and the delivery record', async () => {
    const reason = 'EmailJS 403: API calls are disabled for non-browser applications'
    const { id, content } = await storeLead({ status: 'dead', attempts: 2, lastError: reason })
    await env.DB.prepare(
      `UPDATE leads SET page_path = '/try', referrer = 'https://search.example/?q=xr+store',
         utm_source = 'newsletter', utm_medium = 'email', utm_campaign = 'launch-2026' WHERE id = ?`,
    )
      .bind(id)
      .run()
    const { response, body } = await adminGet(`/admin/leads/${id}`)
    expect(response.status).toBe(200)
    const text = visibleText(body)
    for (const fact of [
      `Reference ${id}`,
      'Status dead',
      'Attempts 2',
      `Last error ${reason}`,
      'Delivered (UTC) —',
      `Name ${content.name}`,
      `E-mail ${content.email}`,
      `Phone ${content.phone}`,
      `Inquiry ${content.inquiry}`,
      `Visitor’s local time ${content.localTime}`,
      'Page /try',
      'Referrer https://search.example/?q=xr+store',
      'Campaign source newsletter',
      'Campaign medium email',
      'Campaign name launch-2026',
    ]) {
      expect(text).toContain(fact)
    }
    expect(text).toMatch(/Received \(UTC\) \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/)
    expect(body).toMatch(/<button type="submit"[^>]*>Send again<\/button>/)
    expect(body).toMatch(/<button type="submit"[^>]*>Erase<\/button>/)
  })

  it('leads with the person and their words, e-mail and phone as links, and goes back to the list it came from', async () => {
    const { id, content } = await storeLead({ status: 'dead' })
    await env.DB.prepare(
      "UPDATE leads SET page_path = '/retail-fair-2027', utm_campaign = 'nrf27' WHERE id = ?",
    )
      .bind(id)
      .run()
    // The list shows where it came from, and its link carries the list's filter.
    const list = await adminGet('/admin/leads?status=dead')
    const row = tableRows(list.body, LIST).find((cells) => cells[1] === content.name)!
    expect(row.slice(3, 5)).toEqual(['/retail-fair-2027', 'nrf27'])
    const href = new RegExp(`href="(/admin/leads/${id}[^"]*)"`).exec(list.body)![1]!.replaceAll('&amp;', '&')
    expect(href).toBe(`/admin/leads/${id}?list=status%3Ddead`)
    const { body } = await adminGet(href)
    const headings = [...body.matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1])
    expect(headings[0]).toBe('What the visitor sent')
    expect(body).toContain(`<a href="mailto:${content.email}">${content.email}</a>`)
    expect(body).toMatch(/<a href="tel:\+?\d+">/)
    expect(body).toContain('<a href="/admin/leads?status=dead" class="text-link">Back to the list</a>')
    // An action comes back to the lead with the list still remembered.
    const action = new RegExp(`action="(/admin/leads/${id}/send-again[^"]*)"`)
      .exec(body)![1]!
      .replaceAll('&amp;', '&')
    const sent = await adminPost(action)
    expect(sent.response.headers.get('Location')).toBe(
      `/admin/leads/${id}?notice=send-again-done&list=status%3Ddead`,
    )
    // Opened from nowhere in particular, Back is the whole list.
    expect((await adminGet(`/admin/leads/${id}`)).body).toContain(
      '<a href="/admin/leads" class="text-link">All leads</a>',
    )
  })

  it('shows when and how a delivered lead went out, and offers only Erase', async () => {
    const { id } = await storeLead({ status: 'delivered', attempts: 1 })
    await env.DB.prepare(
      `UPDATE leads SET delivered_at = '2026-11-20T10:00:05.000Z', delivered_via = 'emailjs' WHERE id = ?`,
    )
      .bind(id)
      .run()
    const { body } = await adminGet(`/admin/leads/${id}`)
    expect(visibleText(body)).toContain('Delivered (UTC) 2026-11-20 10:00:05 UTC Delivered via emailjs')
    expect(body).not.toContain('>Send again</button>')
    expect(body).toContain('>Erase</button>')
  })

  it('answers 404 for a lead that does not exist, and for actions on it', async () => {
    expect((await adminGet('/admin/leads/no-such-lead')).response.status).toBe(404)
    expect((await adminPost('/admin/leads/no-such-lead/erase')).response.status).toBe(404)
    expect((await adminPost(`/admin/leads/${(await storeLead()).id}/delete`)).response.status).toBe(404)
  })
})

describe('Send again and Erase', () => {
  it('Send again puts a dead or held lead back in the queue and says so', async () => {
    for (const status of ['dead', 'held'] as const) {
      const { id } = await storeLead({ status, lastError: 'EmailJS 403' })
      const leads = capturingQueue(() => 0)
      const { response } = await adminPost(
        `/admin/leads/${id}/send-again`,
        {},
        { overrides: { LEADS: leads.queue } },
      )
      expect(response.status).toBe(303)
      expect(response.headers.get('Location')).toBe(`/admin/leads/${id}?notice=send-again-done`)
      expect((await leadRecord(id))?.status).toBe('accepted')
      expect(leads.sent.map((message) => message.body)).toEqual([{ type: 'lead', id }])
      const notice = noticeOf((await adminGet(`/admin/leads/${id}?notice=send-again-done`)).body)
      expect(notice).toEqual({ role: 'status', text: `Done ${adminCopy.leads.actions['send-again'].done}` })
    }
  })

  it('refuses Send again for a lead that is neither dead nor held, and queues nothing', async () => {
    for (const status of ['accepted', 'delivered', 'retrying', 'spam', 'erased'] as const) {
      const { id } = await storeLead({ status })
      const leads = capturingQueue(() => 0)
      const { response } = await adminPost(
        `/admin/leads/${id}/send-again`,
        {},
        { overrides: { LEADS: leads.queue } },
      )
      expect(response.headers.get('Location')).toBe(`/admin/leads/${id}?notice=send-again-refused`)
      expect((await leadRecord(id))?.status).toBe(status)
      expect(leads.sent).toEqual([])
    }
    const { id } = await storeLead({ status: 'delivered' })
    const notice = noticeOf((await adminGet(`/admin/leads/${id}?notice=send-again-refused`)).body)
    expect(notice).toEqual({
      role: 'alert',
      text: `Not done ${adminCopy.leads.actions['send-again'].refused}`,
    })
  })

  it('Erase removes the personal fields and keeps the id, status and dates; a second Erase is refused', async () => {
    const { id, content } = await storeLead({ status: 'dead', lastError: 'EmailJS 403' })
    const { response } = await adminPost(`/admin/leads/${id}/erase`)
    expect(response.headers.get('Location')).toBe(`/admin/leads/${id}?notice=erase-done`)
    expect(await leadRecord(id)).toMatchObject({
      id,
      status: 'erased',
      name: null,
      email: null,
      phone: null,
      inquiry: null,
    })
    const { body } = await adminGet(`/admin/leads/${id}?notice=erase-done`)
    expect(noticeOf(body)).toEqual({ role: 'status', text: `Done ${adminCopy.leads.actions.erase.done}` })
    expect(body).not.toContain(content.name)
    expect(visibleText(body)).toContain('Nothing to do: an erased lead is never sent.')
    expect(namesIn((await adminGet('/admin/leads')).body)).toEqual(['Erased lead'])

    const again = await adminPost(`/admin/leads/${id}/erase`)
    expect(again.response.headers.get('Location')).toBe(`/admin/leads/${id}?notice=erase-refused`)
    const refused = noticeOf((await adminGet(`/admin/leads/${id}?notice=erase-refused`)).body)
    expect(refused).toEqual({ role: 'alert', text: `Not done ${adminCopy.leads.actions.erase.refused}` })
  })
})

describe('the export (/admin/leads.csv)', () => {
  it('names the CSV after its filter: status, channel and a search, never its words', async () => {
    await storeLead({ status: 'dead' })
    const named = async (query: string) =>
      (await adminGet(`/admin/leads.csv?${query}`)).response.headers.get('Content-Disposition')
    expect(await named('status=dead&via=sales-email')).toMatch(
      /^attachment; filename="leads-dead-sales-email-\d{4}-\d\d-\d\d\.csv"$/,
    )
    expect(await named('q=lovelace')).toMatch(
      /^attachment; filename="leads-all-search-\d{4}-\d\d-\d\d\.csv"$/,
    )
  })

  it('downloads the current filter as CSV: attachment, text/csv in UTF-8 with a BOM, never stored', async () => {
    const dead = await storeLead({ status: 'dead', lastError: 'EmailJS 403' })
    const alsoDead = await storeLead({ status: 'dead' })
    const delivered = await storeLead({ status: 'delivered' })
    const { response, body } = await adminGet('/admin/leads.csv?status=dead')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="leads-dead-\d{4}-\d\d-\d\d\.csv"$/,
    )
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    // The bytes themselves: a text decoder would drop the byte-order mark.
    const raw = await SELF.fetch(`${ORIGIN}/admin/leads.csv?status=dead`, {
      headers: { Cookie: ADMIN_COOKIE },
    })
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = body.trimEnd().split('\r\n')
    expect(lines[0]).toMatch(/^"id","received \(UTC\)","status"/)
    expect(lines).toHaveLength(3)
    expect(body).toContain(dead.content.email)
    expect(body).toContain(alsoDead.content.email)
    expect(body).not.toContain(delivered.content.email)

    const searched = await adminGet(
      `/admin/leads.csv?status=dead&q=${encodeURIComponent(alsoDead.content.email)}`,
    )
    expect(searched.body.trimEnd().split('\r\n')).toHaveLength(2)
    expect(searched.body).toContain(alsoDead.content.name)
    expect((await adminGet('/admin/leads.csv')).body.trimEnd().split('\r\n')).toHaveLength(4)
  })
})
