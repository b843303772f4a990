/**
 * The admin console at /admin: who may see it and how it is served (private, noindex, never
 * from the page cache), the Overview, the Viewer URL page with its history and Restore, and the
 * same-origin rule for every post. The lead pages have their own file (admin-leads.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { sessionAs } from '../support/roles'
import { LEAD_STATUSES } from '../../../src/schemas/admin-records'
import { VIEWER_URL_PATH } from '../../../src/schemas/settings'
import {
  ADMIN,
  ADMIN_COOKIE,
  adminGet,
  adminPost,
  basic,
  callApp,
  env,
  historyRows,
  leadRecord,
  noticeOf,
  ORIGIN,
  putInit,
  SAME_ORIGIN,
  storeLead,
  tableRows,
  uniqueIpv4,
  visibleText,
  forgetViewerUrlAroundEachTest,
} from '../support'

const URL_A = 'https://viewer.example.org/a/?model=models/ring.glb&v=1'
const URL_B = 'https://viewer.example.org/b/?model=models/watch.glb'
const HISTORY = 'Last 50 changes, newest first (times in UTC)'
const UTC_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/
const escaped = (s: string) => s.replace(/&/g, '&amp;')

forgetViewerUrlAroundEachTest()

describe('who may see the console, and how it is served', () => {
  it('answers every page 200 for the admin: no-store, noindex, never from the page cache, with its navigation', async () => {
    const { id } = await storeLead()
    for (const path of [
      '/admin',
      '/admin/settings',
      '/admin/leads',
      `/admin/leads/${id}`,
      '/admin/traffic',
      '/admin/speed',
      '/admin/team',
      '/admin/activity',
      '/admin/account',
      '/admin/content',
      '/admin/content/home-hero',
      '/admin/content/home-hero/history',
      '/admin/posts',
      '/admin/posts/new',
      '/admin/pages',
      '/admin/pages/new',
      '/admin/media',
    ]) {
      for (const visit of ['first', 'second']) {
        const { response, body } = await adminGet(path)
        expect(response.status, `${path} ${visit}`).toBe(200)
        expect(response.headers.get('Cache-Control'), path).toBe('no-store')
        expect(response.headers.get('X-Robots-Tag'), path).toBe('noindex, nofollow')
        expect(response.headers.get('X-Page-Cache'), `${path} ${visit}`).toBe('bypass')
        expect(body).toContain('<meta name="robots" content="noindex, nofollow"/>')
        const nav = /<nav class="admin-nav" aria-label="Admin">([\s\S]*?)<\/nav>/.exec(body)?.[1] ?? ''
        const parts =
          'Overview Site copy Posts Landing pages Media Redirects Experiments Viewer URL Leads Traffic Speed Team Activity Your account Help'
        // Wide, every part; on a phone, one line naming the current part, then the same parts.
        expect(visibleText(/<div class="admin-nav-wide">([\s\S]*?)<\/div>/.exec(nav)?.[1] ?? '')).toBe(parts)
        const menu = /<details class="admin-nav-menu">([\s\S]*?)<\/details>/.exec(nav)?.[1] ?? ''
        expect(visibleText(menu)).toMatch(new RegExp(`^Menu( · [\\w ]+?)?\\s*${parts}$`))
        if (path === '/admin/leads') expect(visibleText(menu)).toMatch(/^Menu · Leads\s*Overview/)
        for (const href of [
          '/admin',
          '/admin/content',
          '/admin/posts',
          '/admin/pages',
          '/admin/media',
          '/admin/settings',
          '/admin/leads',
          '/admin/traffic',
          '/admin/speed',
          '/admin/team',
          '/admin/activity',
          '/admin/account',
        ])
          expect(nav).toContain(`href="${href}"`)
        // Once in each copy of the links (the phone's menu and the wide row; CSS shows one).
        expect(nav.match(/aria-current="page"/g)).toHaveLength(2)
        expect(body.match(/<h1\b/g)).toHaveLength(1)
        // The console's own frame: who, Sign out (a post), the way back; no marketing chrome.
        const header = /<header class="console-header">([\s\S]*?)<\/header>/.exec(body)?.[1] ?? ''
        for (const words of ['XR Stores console', 'Signed in as admin', 'Sign out', 'Back to the site'])
          expect(visibleText(header)).toContain(words)
        expect(header).toContain('<form action="/admin/sign-out" method="post">')
        expect(body).not.toContain('site-footer')
        expect(body).not.toMatch(/chat/i)
        // Only a page with a passkey button or an editor loads a script: the console's passkey script,
        // or its tools (the editor's warning before unsaved edits are lost), nothing else.
        const scripts = [...body.matchAll(/<script\b[^>]*src="([^"]+)"/g)]
          .map((m) => m[1])
          .filter((src) => !src!.includes('@vite'))
        const editor = path === '/admin/content/home-hero' || path === '/admin/posts/new'
        expect(scripts).toEqual(
          path === '/admin/account'
            ? ['/src/client/passkeys.ts']
            : editor
              ? ['/src/client/console-tools.ts']
              : [],
        )
      }
    }
  })

  it('sends a browser without a session to the sign-in page (303, with where it was going) and shows nothing', async () => {
    const { id } = await storeLead({ status: 'dead' })
    const paths = [
      '/admin',
      '/admin/settings',
      '/admin/leads',
      `/admin/leads/${id}`,
      '/admin/leads.csv',
      '/admin/nope',
    ]
    const stale = '__Host-admin_session=' + 'b2'.repeat(32)
    const tries: Record<string, string>[] = [
      {},
      { Authorization: basic(ADMIN.username, ADMIN.password) },
      { Cookie: stale },
    ]
    for (const credentials of tries) {
      for (const path of paths) {
        const headers: Record<string, string> = { 'CF-Connecting-IP': uniqueIpv4(), ...credentials }
        const { response, body } = await callApp(path, { headers, redirect: 'manual' })
        expect(response.status, path).toBe(303)
        const next = path === '/admin' ? '' : `?next=${encodeURIComponent(path)}`
        expect(response.headers.get('Location'), path).toBe(`/admin/sign-in${next}`)
        expect(response.headers.get('Cache-Control')).toBe('no-store')
        expect(body).not.toContain(id)
      }
    }
  })

  it('is neither in the sitemap nor open to crawlers', async () => {
    const sitemap = await callApp('/sitemap.xml')
    expect(sitemap.body).toContain('<urlset')
    expect(sitemap.body).not.toContain('/admin')
    const robots = await callApp('/robots.txt')
    expect(robots.body.split('\n')).toContain('Disallow: /admin')
  })
})

describe('Overview', () => {
  it('shows who is signed in, the viewer URL and its last change, lead counts, waiting leads and the sign-in guard', async () => {
    await adminPost('/admin/settings', { view3dUrl: URL_A })
    await storeLead({ status: 'dead', lastError: 'EmailJS 403' })
    await storeLead({ status: 'held' })
    await storeLead({ status: 'delivered' })
    const stranger = new URLSearchParams({ username: ADMIN.username, password: 'not-the-password' })
    const wrong = await callApp('/admin/sign-in', {
      method: 'POST',
      headers: {
        ...SAME_ORIGIN,
        'Content-Type': 'application/x-www-form-urlencoded',
        'CF-Connecting-IP': uniqueIpv4(),
      },
      body: stranger.toString(),
    })
    expect(wrong.response.status).toBe(401)

    const { body } = await adminGet('/admin')
    const text = visibleText(body)
    expect(text).toContain('Signed in as admin')
    expect(text).toContain(`Current address ${URL_A}`)
    expect(text).toMatch(/Last change \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC by admin via console/)
    expect(text).toContain('Leads are waiting for you. 1 dead, 1 held.')
    expect(body).toContain('href="/admin/leads?status=dead"')
    const counts = tableRows(
      body,
      'Leads per status, received today (UTC), in the last 7 days and in the last 30 days',
    )
    expect(counts.map((row) => row[0])).toEqual([...LEAD_STATUSES])
    expect(counts.find((row) => row[0] === 'dead')).toEqual(['dead', '1', '1', '1'])
    expect(counts.find((row) => row[0] === 'sending')).toEqual(['sending', '0', '0', '0'])
    expect(text).toContain('Failed sign-ins in the last 15 minutes 1')
    expect(text).toContain('Clients locked out 0')
    expect(text).toContain('Everyone locked out No')
  })

  it('says when nothing is stored or changed, and shows no banner while no lead waits', async () => {
    await storeLead({ status: 'delivered' })
    const text = visibleText((await adminGet('/admin')).body)
    expect(text).toContain('Current address Nothing is stored, so the site links to the default.')
    expect(text).toContain('Last change No change recorded yet.')
    expect(text).not.toContain('Leads are waiting for you')
  })
})

describe('Viewer URL (/admin/settings)', () => {
  it('saves the form through the one save path and lists the change: When (UTC), Who, From, To', async () => {
    const { response } = await adminPost('/admin/settings', { view3dUrl: URL_A })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/admin/settings?notice=updated')
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBe(URL_A)
    expect(await historyRows()).toMatchObject([
      { changed_by: 'admin', source: 'console', old_value: '', new_value: URL_A },
    ])

    const { body } = await adminGet('/admin/settings?notice=updated')
    expect(noticeOf(body)).toEqual({
      role: 'status',
      text: 'Viewer URL saved The site links to the new address now.',
    })
    expect(body).toMatch(/<label for="viewer-url" class="field-label">Viewer URL<\/label>/)
    const input = /<input id="viewer-url"[^>]*>/.exec(body)?.[0] ?? ''
    for (const attribute of ['name="view3dUrl"', 'type="url"', 'required=""', `value="${escaped(URL_A)}"`]) {
      expect(input).toContain(attribute)
    }
    const form = /<form\b[^>]*>(?=<label for="viewer-url")/.exec(body)?.[0] ?? ''
    expect(form).toContain('action="/admin/settings"')
    expect(form).toContain('method="post"')
    expect(body).toContain(
      '<th scope="col">When</th><th scope="col">Who</th><th scope="col">From</th><th scope="col">To</th>',
    )
    const [row, ...others] = tableRows(body, HISTORY)
    expect(others).toEqual([])
    expect(row![0]).toMatch(UTC_TIME)
    expect(row!.slice(1)).toEqual(['admin via console', '(nothing stored)', URL_A, 'Restore'])
    // The site's "View in 3D" links follow at once.
    expect((await callApp('/')).body).toContain(`href="${escaped(URL_A)}"`)
  })

  it('Restore saves the row’s To value through the same path: the store, the links and a new history row', async () => {
    await adminPost('/admin/settings', { view3dUrl: URL_A })
    await adminPost('/admin/settings', { view3dUrl: URL_B })
    const rowOfA = (await historyRows()).find((row) => row.new_value === URL_A)!
    const { response } = await adminPost('/admin/settings/restore', { id: String(rowOfA.id) })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/admin/settings?notice=restored')
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBe(URL_A)
    expect(
      (await historyRows()).map(({ source, changed_by, old_value, new_value }) => [
        source,
        changed_by,
        old_value,
        new_value,
      ]),
    ).toEqual([
      ['console', 'admin', URL_B, URL_A],
      ['console', 'admin', URL_A, URL_B],
      ['console', 'admin', '', URL_A],
    ])

    const { body } = await adminGet('/admin/settings?notice=restored')
    expect(noticeOf(body)?.text).toContain('Viewer URL restored')
    expect(tableRows(body, HISTORY).map((row) => row.slice(2, 4))).toEqual([
      [URL_B, URL_A],
      [URL_A, URL_B],
      ['(nothing stored)', URL_A],
    ])
    const home = await callApp('/')
    expect(home.body).toContain(`href="${escaped(URL_A)}"`)
    expect(home.body).not.toContain(escaped(URL_B))
  })

  it('lists changes from all three doors, newest first: /update, the console and the API', async () => {
    expect((await callApp('/api/settings', putInit(URL_A, { Origin: ORIGIN }))).response.status).toBe(200)
    const update = await callApp('/update', {
      method: 'POST',
      headers: {
        Cookie: ADMIN_COOKIE,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        Origin: ORIGIN,
        Referer: `${ORIGIN}/update`,
      },
      body: new URLSearchParams({ view3dUrl: URL_B }).toString(),
    })
    expect(update.response.status).toBe(200)
    await adminPost('/admin/settings', { view3dUrl: URL_A })

    expect((await historyRows()).map((row) => row.source)).toEqual(['console', 'update', 'api'])
    const rows = tableRows((await adminGet('/admin/settings')).body, HISTORY)
    expect(rows.map((row) => row[1])).toEqual(['admin via console', 'admin via update', 'admin via api'])
    expect(rows.map((row) => row[3])).toEqual([URL_A, URL_B, URL_A])
  })

  it('shows the last 50 changes', async () => {
    const insert = env.DB.prepare(
      'INSERT INTO settings_history (changed_at, changed_by, source, old_value, new_value) VALUES (?, ?, ?, ?, ?)',
    )
    await env.DB.batch(
      Array.from({ length: 55 }, (_, i) =>
        insert.bind(
          new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
          'admin',
          'api',
          '',
          `${URL_B}&n=${i}`,
        ),
      ),
    )
    const rows = tableRows((await adminGet('/admin/settings')).body, HISTORY)
    expect(rows).toHaveLength(50)
    expect(rows[0]![0]).toBe('2026-01-01 00:54:00 UTC')
    expect(rows[49]![3]).toBe(`${URL_B}&n=5`)
  })

  it('refuses an invalid address with a notice, and records nothing', async () => {
    for (const value of ['javascript:alert(1)', 'not a url', '']) {
      const { response } = await adminPost('/admin/settings', { view3dUrl: value })
      expect(response.headers.get('Location')).toBe('/admin/settings?notice=invalid')
    }
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBeNull()
    expect(await historyRows()).toEqual([])
    const notice = noticeOf((await adminGet('/admin/settings?notice=invalid')).body)
    expect(notice?.role).toBe('alert')
    expect(notice?.text).toMatch(/^Not saved Enter an absolute https:\/\/ or http:\/\/ address/)
  })

  it('says so when the change to restore is not in the history, and changes nothing', async () => {
    for (const id of ['9999', 'abc', '-1']) {
      const { response } = await adminPost('/admin/settings/restore', { id })
      expect(response.headers.get('Location')).toBe('/admin/settings?notice=missing')
    }
    expect(await historyRows()).toEqual([])
    expect(noticeOf((await adminGet('/admin/settings?notice=missing')).body)?.role).toBe('alert')
  })

  it('shows only notices from its fixed set, never text from the address', async () => {
    for (const notice of ['<script>alert(1)</script>', 'toString', '__proto__', 'sent-again-done']) {
      const { body } = await adminGet(`/admin/settings?notice=${encodeURIComponent(notice)}`)
      expect(noticeOf(body), notice).toBeNull()
      expect(body).not.toContain('<script>alert(1)')
    }
  })
})

describe('every post must come from this site', () => {
  it('refuses cross-origin posts and posts with neither Origin nor Sec-Fetch-Site (403), changing nothing', async () => {
    await adminPost('/admin/settings', { view3dUrl: URL_A })
    const [change] = await historyRows()
    const { id } = await storeLead({ status: 'dead' })
    const posts: [string, Record<string, string>][] = [
      ['/admin/settings', { view3dUrl: URL_B }],
      ['/admin/settings/restore', { id: String(change!.id) }],
      [`/admin/leads/${id}/send-again`, {}],
      [`/admin/leads/${id}/erase`, {}],
    ]
    const refused: Record<string, string>[] = [
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'http://example.com' },
      {},
    ]
    for (const [path, fields] of posts) {
      for (const provenance of refused) {
        const { response } = await adminPost(path, fields, { provenance })
        expect(response.status, `${path} ${JSON.stringify(provenance)}`).toBe(403)
      }
    }
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBe(URL_A)
    expect(await historyRows()).toHaveLength(1)
    expect((await leadRecord(id))?.status).toBe('dead')
  })

  it('accepts either sign alone: Origin of this site, or Sec-Fetch-Site: same-origin', async () => {
    const referer = { Referer: `${ORIGIN}/admin/settings` }
    const alone: Record<string, string>[] = [
      { Origin: ORIGIN, ...referer },
      { 'Sec-Fetch-Site': 'same-origin', ...referer },
    ]
    for (const provenance of alone) {
      const { response } = await adminPost('/admin/settings', { view3dUrl: URL_B }, { provenance })
      expect(response.status).toBe(303)
    }
    expect(await historyRows()).toHaveLength(2)
  })
})

describe('help one click away (/admin/help)', () => {
  it('links every console page to its part of the guide, which lists only the parts the role may use', async () => {
    const leadsPage = await adminGet('/admin/leads')
    expect(leadsPage.body).toContain(
      '<a href="/admin/help#leads" class="text-link admin-help-link">Help with this page</a>',
    )
    const help = await adminGet('/admin/help')
    expect(help.response.status).toBe(200)
    const text = visibleText(help.body)
    expect(text).toContain('Every message sent through the site’s forms')
    expect(help.body).toContain('id="landing"')
    // Sales read the leads' and the traffic's help, not the studio's.
    const sales = await sessionAs('sales')
    const theirs = await adminGet('/admin/help', {}, sales)
    expect(theirs.body).toContain('id="leads"')
    expect(theirs.body).not.toContain('id="landing"')
  })
})
