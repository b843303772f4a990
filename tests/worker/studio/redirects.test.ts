/**
 * Redirects in the console (issue 47): a rule saved at /admin/redirects answers its old address
 * at once, with no deploy (the request's query kept); patterns fill their :names; a rule that
 * takes a served address, makes a chain or a loop, or sends to http:// is refused in words with
 * what was typed kept (a chain offers the one-hop rule); a rule whose old address others send to
 * re-points them; a delete ends the rule; editors may, sales may not; each change is logged.
 */
import { describe, expect, it } from 'vitest'
import { sessionAs } from '../support/roles'
import {
  ADMIN_COOKIE,
  adminGet,
  adminPost,
  callApp,
  env,
  ORIGIN,
  SAME_ORIGIN,
  tableRows,
  visibleText,
} from '../support'

const CAPTION = 'Redirects, by old address'
const save = (from: string, to: string, status = '301', cookie?: string) =>
  adminPost('/admin/redirects', { from, to, status }, cookie ? { cookie } : {})
const visit = (path: string) => callApp(path, { redirect: 'manual' })

async function saved(from: string, to: string, status = '301') {
  const { response } = await save(from, to, status)
  expect(response.status).toBe(303)
  expect(response.headers.get('Location')).toMatch(/^\/admin\/redirects\?notice=(saved|repointed)$/)
}

const ruleRows = async () =>
  (
    await env.DB.prepare(
      'SELECT from_path, to_target, status, made_by FROM redirects ORDER BY from_path',
    ).all()
  ).results

describe('/admin/redirects', () => {
  it('makes an old address answer 301 to the new one at once, keeping the visitor’s query', async () => {
    expect((await visit('/spring-launch')).response.status).toBe(404)
    await saved('/spring-launch/', '/try-on')
    const { response } = await visit('/spring-launch?utm_source=linkedin&utm_campaign=nrf')
    expect(response.status).toBe(301)
    expect(response.headers.get('Location')).toBe('/try-on?utm_source=linkedin&utm_campaign=nrf')
    // A temporary one answers 302, and an external https target is taken as it is.
    await saved('/showroom-demo', 'https://demo.example.com/store#start', '302')
    const external = await visit('/showroom-demo')
    expect(external.response.status).toBe(302)
    expect(external.response.headers.get('Location')).toBe('https://demo.example.com/store#start')
    // A post to the old address is not redirected (a form would lose its body).
    expect(
      (await callApp('/spring-launch', { method: 'POST', redirect: 'manual' })).response.status,
    ).not.toBe(301)

    const { body } = await adminGet('/admin/redirects')
    expect(tableRows(body, CAPTION).map((row) => row.slice(0, 3))).toEqual([
      ['/showroom-demo', 'https://demo.example.com/store#start', '302 temporary'],
      ['/spring-launch', '/try-on', '301 permanent'],
    ])
    expect(visibleText(body)).toContain('2 redirects in all.')
  })

  it('fills a pattern’s :name and :splat into the new address', async () => {
    await saved('/news/:slug', '/:slug')
    await saved('/catalogue/*', '/try-on#:splat')
    expect((await visit('/news/our-xr-stores')).response.headers.get('Location')).toBe('/our-xr-stores')
    expect((await visit('/catalogue/shoes/red')).response.headers.get('Location')).toBe('/try-on#shoes/red')
    // One segment only for a :name.
    expect((await visit('/news/a/b')).response.status).toBe(404)
  })

  it('refuses in words, keeping what was typed: a served address, http://, a loop, a bad address', async () => {
    const cases: [from: string, to: string, status: number, words: string][] = [
      ['/about-us', '/try-on', 409, '/about-us is an address this site serves'],
      ['/admin/old', '/try-on', 409, 'is an address this site serves'],
      ['/:anything', '/try-on', 409, 'is an address this site serves'],
      ['/old-page', 'http://example.com/page', 400, 'starts with http://'],
      ['/old-page', '/old-page/', 409, 'round in a circle'],
      ['old page', '/try-on', 400, 'The old address must be a path'],
      ['/old-page', 'example.com', 400, 'The new address must be a path'],
      ['/old/:slug', '/:name', 400, 'uses a :name the old address does not have'],
    ]
    for (const [from, to, status, words] of cases) {
      const { response, body } = await save(from, to)
      expect(response.status, `${from} → ${to}`).toBe(status)
      expect(visibleText(body), `${from} → ${to}`).toContain(words)
      expect(body).toContain(`value="${from.replaceAll('&', '&amp;')}"`)
    }
    expect(await ruleRows()).toEqual([])
  })

  it('U1: a :splat that starts with / or \\ cannot make a local rule send visitors off the site', async () => {
    await saved('/blog/*', '/:splat')
    expect((await visit('/blog/my-old-post')).response.headers.get('Location')).toBe('/my-old-post')
    for (const path of ['/blog//evil.example', '/blog//evil.example/login?next=x', '/blog/\\evil.example']) {
      const { response } = await visit(path)
      const location = response.headers.get('Location')
      // Either a 404, or an address on this site: never another host.
      if (response.status === 404) continue
      expect(response.status, path).toBe(301)
      expect(new URL(location!, ORIGIN).origin, `${path} → ${location}`).toBe(new URL(ORIGIN).origin)
    }
    // The same with a splat after a fixed part, and into an https target's path: the host stays.
    await saved('/go/*', 'https://partner.example/:splat')
    const external = await visit('/go//evil.example/x')
    expect(new URL(external.response.headers.get('Location')!).host).toBe('partner.example')
  })

  it('U4: refuses a new address with \\ in it, or a :name in an https address’s host, in words, keeping what was typed', async () => {
    const cases: [from: string, to: string, words: string][] = [
      ['/old-offer', '/\\evil.example/offer', 'backslash'],
      ['/old-offer', '/offer\\page', 'backslash'],
      ['/go/*', 'https://:splat', 'the site’s name'],
      ['/go/*', 'https://partner.example:splat', 'the site’s name'],
      ['/go/:slug', 'https://:slug.example.com/', 'the site’s name'],
      ['/go/:slug', 'https://partner.example/x\\y', 'backslash'],
    ]
    for (const [from, to, words] of cases) {
      const { response, body } = await save(from, to)
      expect(response.status, `${from} → ${to}`).toBe(400)
      expect(visibleText(body), `${from} → ${to}`).toContain(words)
      expect(body, `${from} → ${to}`).toContain(`value="${to}"`)
    }
    expect(await ruleRows()).toEqual([])
    // A :name in an https address’s path, query or fragment is fine.
    await saved('/go/:slug', 'https://partner.example/shop/:slug?from=:slug#:slug')
    expect((await visit('/go/shoes')).response.headers.get('Location')).toBe(
      'https://partner.example/shop/shoes?from=shoes#shoes',
    )
    // A CSV import says the same of such a line.
    const csv = 'from,to,status\r\n/old-offer,/\\evil.example,301\r\n/go2/*,https://:splat,301\r\n'
    const check = await adminPost('/admin/redirects/import', { csv })
    const refused = tableRows(check.body, 'Lines of the file that will not be imported')
    expect(refused.map((row) => row.slice(0, 2))).toEqual([
      ['2', '/old-offer'],
      ['3', '/go2/*'],
    ])
    expect(refused[0]![2]).toContain('backslash')
    expect(refused[1]![2]).toContain('the site’s name')
  })

  it('refuses a chain and offers the one-hop rule; saving an old address others send to re-points them', async () => {
    await saved('/b', '/try-on')
    const chain = await save('/a', '/b')
    expect(chain.response.status).toBe(409)
    expect(visibleText(chain.body)).toContain('/b already sends visitors on to /try-on')
    // The offer is a form of its own with the one-hop rule.
    expect(chain.body).toMatch(/<input type="hidden" name="to" value="\/try-on"\/>/)
    expect(visibleText(chain.body)).toContain('Send /a to /try-on')
    await saved('/a', '/try-on')

    // /x → /c, then /c → /gaming: /x now goes straight to /gaming.
    await saved('/x', '/c')
    const { response } = await save('/c', '/gaming')
    expect(response.headers.get('Location')).toBe('/admin/redirects?notice=repointed')
    expect((await visit('/x')).response.headers.get('Location')).toBe('/gaming')
    // And the other way round is a loop: /gaming-old → /x while /x → … would come back.
    await saved('/gaming-old', '/gaming')
    const loop = await save('/gaming', '/x')
    expect(loop.response.status).toBe(409)
  })

  it('deletes a rule, after which the old address is a 404 again; each change is in the activity log', async () => {
    await saved('/old-offer', '/try')
    const deleted = await adminPost('/admin/redirects/delete', { from: '/old-offer' })
    expect(deleted.response.headers.get('Location')).toBe('/admin/redirects?notice=deleted')
    expect((await visit('/old-offer')).response.status).toBe(404)
    const again = await adminPost('/admin/redirects/delete', { from: '/old-offer' })
    expect(again.response.headers.get('Location')).toBe('/admin/redirects?notice=gone')
    const told = await adminGet(again.response.headers.get('Location')!)
    expect(visibleText(told.body)).toContain('That redirect was already deleted.')
    const { results } = await env.DB.prepare(
      "SELECT action, subject FROM activity WHERE action LIKE 'redirect-%' ORDER BY id",
    ).all()
    expect(results).toEqual([
      { action: 'redirect-saved', subject: '/old-offer' },
      { action: 'redirect-deleted', subject: '/old-offer' },
    ])
  })

  it('is for admins and editors: an editor saves, sales get 403', async () => {
    const editor = await sessionAs('editor')
    expect((await save('/by-editor', '/blog', '301', editor)).response.status).toBe(303)
    expect((await ruleRows())[0]).toMatchObject({ from_path: '/by-editor', made_by: 'Eddie Editor' })
    const sales = await sessionAs('sales')
    expect((await save('/by-sales', '/blog', '301', sales)).response.status).toBe(403)
    expect((await adminGet('/admin/redirects', {}, sales)).response.status).toBe(403)
  })

  it('lists a page at a time by old address, with a filter by how they start', async () => {
    const now = new Date().toISOString()
    await env.DB.batch(
      Array.from({ length: 130 }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO redirects (from_path, to_target, status, made_by, made_at) VALUES (?, '/blog', 301, 'admin', ?)",
        ).bind(`/old-${String(i).padStart(3, '0')}`, now),
      ),
    )
    const first = await adminGet('/admin/redirects')
    const rows = tableRows(first.body, CAPTION)
    expect(rows).toHaveLength(100)
    expect(rows[0]![0]).toBe('/old-000')
    const next = /href="(\/admin\/redirects\?after=[^"]+)"/.exec(first.body)![1]!.replaceAll('&amp;', '&')
    const second = tableRows((await adminGet(next)).body, CAPTION)
    expect(second.map((row) => row[0])).toEqual(Array.from({ length: 30 }, (_, i) => `/old-${100 + i}`))
    const filtered = tableRows((await adminGet('/admin/redirects?from=/old-12')).body, CAPTION)
    expect(filtered.map((row) => row[0])).toEqual(Array.from({ length: 10 }, (_, i) => `/old-12${i}`))
  })

  it('lists the addresses that answered 404 over 30 days with the page most of them came from, Redirect to… at the nearest page, and Ignore', async () => {
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10)
    const miss = (ago: number, path: string, views: number) =>
      env.DB.prepare(
        "INSERT INTO traffic_daily (day, dimension, value, views, visitors, folded) VALUES (?, 'not-found', ?, ?, ?, 1)",
      ).bind(day(ago), path, views, views)
    const linked = (ago: number, path: string, from: string, views: number) =>
      env.DB.prepare(
        "INSERT INTO traffic_daily (day, dimension, value, views, visitors, folded) VALUES (?, 'not-found-from', ?, ?, ?, 1)",
      ).bind(day(ago), `${path}\n${from}`, views, views)
    await env.DB.batch([
      miss(1, '/blgo', 5),
      miss(20, '/blgo', 3),
      miss(2, '/try-onn', 2),
      miss(40, '/too-old', 9),
      miss(3, '/taken-by-rule', 7),
      miss(3, '/wp-login.php', 4),
      // /blgo's hits: 4 from a partner's post over two days beat 3 typed in on one, and 1 from a newsletter.
      linked(1, '/blgo', 'partner.example/news', 2),
      linked(20, '/blgo', 'partner.example/news', 2),
      linked(1, '/blgo', 'direct', 3),
      linked(1, '/blgo', 'mail.example', 1),
      linked(2, '/try-onn', 'direct', 2),
    ])
    await saved('/taken-by-rule', '/blog')
    const INBOX = 'Addresses that answer 404, most hits first'
    const inbox = async () => tableRows((await adminGet('/admin/redirects')).body, INBOX)
    expect((await inbox()).map((row) => row.slice(0, 4))).toEqual([
      ['/blgo', '5', '8', 'partner.example/news'],
      // Counted before the top referrer was: no row of where its hits came from.
      ['/wp-login.php', '4', '4', ''],
      ['/try-onn', '2', '2', 'No link (typed or bookmarked)'],
    ])
    // Redirect to… starts at the nearest served address.
    const { body } = await adminGet('/admin/redirects')
    expect(body).toMatch(
      /<input type="hidden" name="from" value="\/blgo"\/>[^]*?name="to"[^>]*value="\/blog"/,
    )
    expect(body).toMatch(/name="from" value="\/try-onn"\/>[^]*?name="to"[^>]*value="\/try-on"/)

    const ignored = await adminPost('/admin/redirects/ignore', { from: '/wp-login.php' })
    expect(ignored.response.headers.get('Location')).toBe('/admin/redirects?notice=ignored')
    await saved('/blgo', '/blog')
    expect((await inbox()).map((row) => row[0])).toEqual(['/try-onn'])
    expect((await visit('/blgo')).response.headers.get('Location')).toBe('/blog')
  })

  it('exports every rule as CSV, and imports a CSV by merging, after showing what it would do', async () => {
    await saved('/kept', '/blog')
    await saved('/changed', '/blog')
    await saved('/same', '/gaming', '302')
    const exported = await adminGet('/admin/redirects/export.csv')
    expect(exported.response.headers.get('Content-Type')).toContain('text/csv')
    expect(exported.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'from,to,status',
      '"/changed","/blog",301',
      '"/kept","/blog",301',
      '"/same","/gaming",302',
      '',
    ])

    const csv = [
      'from,to,status',
      '/new-one,/try-on,301',
      '/changed,"/try",301',
      '/same,/gaming,302',
      '/about-us,/try,301',
      '/insecure,http://example.com/,301',
      '/via-kept,/kept,301',
    ].join('\r\n')
    const form = new FormData()
    form.set('file', new File([csv], 'redirects.csv', { type: 'text/csv' }))
    const check = await callApp('/admin/redirects/import', {
      method: 'POST',
      body: form,
      headers: { Cookie: ADMIN_COOKIE, ...SAME_ORIGIN },
    })
    expect(check.response.status).toBe(200)
    const text = visibleText(check.body)
    expect(text).toContain('1 to add, 1 to change, 1 already so, 3 refused.')
    expect(tableRows(check.body, 'Redirects the file adds')).toEqual([['/new-one', '/try-on', '301']])
    expect(tableRows(check.body, 'Redirects the file changes')).toEqual([['/changed', '/blog', '/try']])
    const refused = tableRows(check.body, 'Lines of the file that will not be imported')
    expect(refused.map((row) => row.slice(0, 2))).toEqual([
      ['5', '/about-us'],
      ['6', '/insecure'],
      ['7', '/via-kept'],
    ])
    expect(refused[2]![2]).toContain('/kept already sends visitors on to /blog')
    // Nothing has changed yet.
    expect((await ruleRows()).map((row) => row.from_path)).toEqual(['/changed', '/kept', '/same'])

    const apply = await adminPost('/admin/redirects/import', { csv, apply: 'yes' })
    expect(apply.response.headers.get('Location')).toBe('/admin/redirects?notice=imported')
    expect((await ruleRows()).map((row) => [row.from_path, row.to_target])).toEqual([
      ['/changed', '/try'],
      ['/kept', '/blog'],
      ['/new-one', '/try-on'],
      ['/same', '/gaming'],
    ])
    expect((await visit('/new-one')).response.headers.get('Location')).toBe('/try-on')
    const { results } = await env.DB.prepare(
      "SELECT detail FROM activity WHERE action = 'redirects-imported'",
    ).all()
    expect(results).toEqual([{ detail: '1 added, 1 changed, 3 refused' }])
  })

  it('U8: lists at most 200 lines of each kind before Apply, counts them all, and Apply saves them all', async () => {
    const csv = [
      'from,to,status',
      ...Array.from({ length: 250 }, (_, i) => `/old-${i}/*,/new-${i}/:splat,301`),
    ].join('\n')
    const check = await adminPost('/admin/redirects/import', { csv })
    expect(check.response.status).toBe(200)
    expect(visibleText(check.body)).toContain('250 to add, 0 to change, 0 already so, 0 refused.')
    expect(tableRows(check.body, 'Redirects the file adds')).toHaveLength(200)
    expect(visibleText(check.body)).toContain('And 50 more, not listed here. Apply makes them all.')
    const apply = await adminPost('/admin/redirects/import', { csv, apply: 'yes' })
    expect(apply.response.headers.get('Location')).toBe('/admin/redirects?notice=imported')
    expect(await ruleRows()).toHaveLength(250)
    expect((await visit('/old-249/a/b')).response.headers.get('Location')).toBe('/new-249/a/b')
  })
})
