/**
 * Roles: every console route and action, walked for each role and for a stranger against the one
 * table (src/schemas/roles.ts PERMISSIONS). A route is found in the worker's own routing (every
 * handler of /admin, /update and PUT /api/settings), names its action with allow() or openDoor,
 * and answers 403 exactly when the table says its role may not, never a redirect loop or a 404.
 * Then: the navigation per role, a role change that counts on the next request, the last admin,
 * and Cloudflare Access identities with and without a role.
 */
import '../support/webauthn'
import { describe, expect, it } from 'vitest'
import type { RouteAction } from '../../../src/server/people/middleware/permission'
import { app } from '../../../src/worker'
import { LANDING_TEMPLATES } from '../../../src/content/landing-templates'
import { posts } from '../../../src/content/pages/blog'
import { documentHref } from '../../../src/lib/admin-links'
import { CONSOLE_PARTS } from '../../../src/lib/console-parts'
import { documentOf, type DocumentKind } from '../../../src/lib/document-kinds'
import { CONSOLE_ACTIONS, PERMISSIONS, ROLES, type Role } from '../../../src/schemas/roles'
import {
  ADMIN_COOKIE,
  otherAdminSession,
  callApp,
  env,
  newAccessTeam,
  ORIGIN,
  PEOPLE,
  SAME_ORIGIN,
  sessionAs,
  storeLead,
  visibleText,
} from '../support'

interface ConsoleRoute {
  method: string
  path: string
  action: RouteAction | undefined
}

/** Whether a middleware registered at `pattern` runs for a route at `path`. */
const covers = (pattern: string, path: string) =>
  pattern === path || (pattern.endsWith('/*') && (path + '/').startsWith(pattern.slice(0, -1)))

/** Every console route of the worker's routing, with the action its handlers name. */
function consoleRoutes(): ConsoleRoute[] {
  const isConsole = (path: string) =>
    path.startsWith('/admin') || path === '/update' || path === '/api/settings'
  const handlers = app.routes.filter((route) => isConsole(route.path))
  const endpoints = new Map<string, ConsoleRoute>()
  for (const route of handlers) {
    if (route.method === 'ALL' || route.path.endsWith('*')) continue
    if (route.path === '/api/settings' && route.method !== 'PUT') continue
    endpoints.set(`${route.method} ${route.path}`, {
      method: route.method,
      path: route.path,
      action: undefined,
    })
  }
  for (const endpoint of endpoints.values()) {
    const named = handlers
      .filter((h) => (h.method === endpoint.method || h.method === 'ALL') && covers(h.path, endpoint.path))
      .map((h) => (h.handler as { action?: RouteAction }).action)
      .filter((action) => action !== undefined)
    endpoint.action = named.at(-1)
  }
  return [...endpoints.values()]
}

/** A picture in the media library's table, for the routes that name one. */
async function storeMedia(): Promise<string> {
  const id = '0123456789abcdef'
  await env.DB.prepare(
    `INSERT OR IGNORE INTO media (id, type, width, height, bytes, alt, name, uploaded_by, uploaded_at)
     VALUES (?, 'image/png', 10, 10, 100, 'A test picture', 'test.png', 'Ada', '2026-11-01T00:00:00Z')`,
  )
    .bind(id)
    .run()
  return id
}

/**
 * A landing page's first draft, for the routes that name one, and a published page for its German
 * version's routes (one the walk never takes off the site, so it always has words to translate).
 */
async function storeLandingPage(): Promise<void> {
  const draft = { page: { ...LANDING_TEMPLATES.blank, slug: 'roles-page' } }
  await env.DB.prepare(
    `INSERT OR IGNORE INTO content_documents (doc, draft, draft_version, draft_by, draft_at)
     VALUES ('page:roles-page', ?, 1, 'Ada', '2026-11-01T00:00:00Z')`,
  )
    .bind(JSON.stringify(draft))
    .run()
  const live = { page: { ...LANDING_TEMPLATES.blank, slug: 'roles-translated' } }
  await env.DB.prepare(
    `INSERT OR IGNORE INTO content_documents (doc, draft, draft_version, draft_by, draft_at, published)
     VALUES ('page:roles-translated', ?1, 1, 'Ada', '2026-11-01T00:00:00Z', ?1)`,
  )
    .bind(JSON.stringify(live))
    .run()
}

/** A draft experiment on the hero (its version B the live copy: a test only needs it to exist). */
async function storeExperiment(): Promise<void> {
  const arms = [
    { name: 'A', weight: 1, edition: null },
    { name: 'B', weight: 1, edition: {} },
  ]
  await env.DB.prepare(
    `INSERT OR IGNORE INTO experiments (id, name, doc, arms, made_by, made_at)
     VALUES ('roles-test', 'Roles', 'home-hero', ?, 'Ada', '2026-11-01T00:00:00Z')`,
  )
    .bind(JSON.stringify(arms))
    .run()
}

/** A concrete address for a route's pattern: a lead, a studio document, a repository post, a landing page, a picture that exist. */
const concrete = (path: string, leadId: string) =>
  path
    .replace(':id/:action{send-again|not-spam|mark-spam|erase}', `${leadId}/erase`)
    .replace('/leads/:id', `/leads/${leadId}`)
    .replace('/content/:id{[a-z0-9-]+@[a-z]{2,3}}', '/content/home-hero@de')
    .replace('/xliff/:code{[a-z]{2,3}}', '/xliff/de')
    .replace('/content/:id', '/content/home-hero')
    .replace('/posts/:id{[a-z0-9-]+@[a-z]{2,3}}', `/posts/${posts[0]!.slug}@de`)
    .replace('/posts/:id', `/posts/${posts[0]!.slug}`)
    .replace('/pages/:id{[a-z0-9-]+@[a-z]{2,3}}', '/pages/roles-translated@de')
    .replace('/pages/:id', '/pages/roles-page')
    .replace('/media/:id', '/media/0123456789abcdef')
    .replace('/experiments/:id', '/experiments/roles-test')
    .replace('/versions/:arm', '/versions/B')
    .replace(':revision', '1')
    .replace(':token', '0'.repeat(64))
    .replace(':id', 'nobody')

/** The JSON API takes no console session: a person of a role reaches it through Cloudflare Access. */
async function accessAs(role: Role | undefined) {
  const team = await newAccessTeam()
  const env =
    role === 'admin'
      ? { ...team.env, ADMIN_ACCESS_EMAILS: 'person@brand.example' }
      : { ...team.env, ADMIN_ACCESS_EMAILS: '', ACCESS_DEFAULT_ROLE: role ?? '' }
  return { env, token: await team.token({ email: 'person@brand.example' }) }
}

async function ask(route: ConsoleRoute, path: string, cookie: string, role?: Role) {
  const json = /passkey|\/invite\/0+$|^\/api\//.test(path) && route.method !== 'GET'
  const api = path === '/api/settings' && cookie ? await accessAs(role) : undefined
  const { response } = await callApp(
    path,
    {
      method: route.method,
      redirect: 'manual',
      headers: {
        ...(cookie && !api ? { Cookie: cookie } : {}),
        ...(api ? { 'Cf-Access-Jwt-Assertion': api.token } : {}),
        ...SAME_ORIGIN,
        // A post to /update comes from its own page, the one page that posts there (U3).
        ...(path === '/update' ? { Referer: `${ORIGIN}/update` } : {}),
        ...(route.method === 'GET'
          ? {}
          : { 'Content-Type': json ? 'application/json' : 'application/x-www-form-urlencoded' }),
      },
      body: route.method === 'GET' ? undefined : json ? '{}' : '',
    },
    api?.env,
  )
  return response
}

/** A hang detector for a walk of every route, not a speed check. */
const WALK_TIMEOUT = 120_000

describe('the role table', () => {
  const routes = consoleRoutes()

  it('names every console route: each has an action of the table, or says it is open', () => {
    expect(routes.length).toBeGreaterThan(25)
    const unnamed = routes.filter((route) => route.action === undefined).map((r) => `${r.method} ${r.path}`)
    expect(unnamed).toEqual([])
    for (const route of routes) expect([...CONSOLE_ACTIONS, 'open']).toContain(route.action)
    // Every action of the table is used by some route.
    for (const action of CONSOLE_ACTIONS) expect(routes.map((r) => r.action)).toContain(action)
  })

  it('would see a route that names no action', () => {
    // A route record as app.get writes one; the router itself is built already, and serves no probe.
    const probe = { method: 'GET', path: '/admin/probe-without-action', basePath: '/', handler: () => null }
    app.routes.push(probe)
    try {
      expect(consoleRoutes().find((r) => r.path === '/admin/probe-without-action')?.action).toBeUndefined()
    } finally {
      app.routes.splice(app.routes.indexOf(probe), 1)
    }
  })

  // A walk of every console route (each German edition's too, one request each): 8 s alone, and
  // 38 s beside the browser tests on 2 cores.
  it.each(ROLES)(
    'answers %s as the table says: 403 exactly where the role may not',
    async (role) => {
      const { id } = await storeLead({ status: 'dead' })
      for (const route of routes.filter((r) => r.action !== 'open')) {
        await storeMedia()
        await storeLandingPage()
        await storeExperiment()
        const path = concrete(route.path, id)
        const response = await ask(route, path, await sessionAs(role), role)
        const allowed = (PERMISSIONS[route.action as keyof typeof PERMISSIONS] as readonly Role[]).includes(
          role,
        )
        const where = `${role}: ${route.method} ${path}`
        if (allowed) {
          expect(response.status, where).not.toBe(403)
          expect(response.status, where).not.toBe(404)
          // Never sent to sign in first (Sign out everywhere does end at the sign-in page, with its notice).
          expect(response.headers.get('Location') ?? '', where).not.toMatch(/^\/admin\/sign-in(\?next=|$)/)
        } else {
          expect(response.status, where).toBe(403)
          expect(response.headers.get('Location'), where).toBeNull()
        }
      }
    },
    WALK_TIMEOUT,
  )

  it('sends a stranger to the sign-in page (401 on the JSON API), from every route that is not open', async () => {
    const { id } = await storeLead({ status: 'dead' })
    for (const route of routes.filter((r) => r.action !== 'open')) {
      const path = concrete(route.path, id)
      const response = await ask(route, path, '')
      const where = `stranger: ${route.method} ${path}`
      if (path === '/api/settings') expect(response.status, where).toBe(401)
      else {
        expect(response.status, where).toBe(303)
        expect(response.headers.get('Location'), where).toMatch(/^\/admin\/sign-in(\?next=|$)/)
      }
    }
  })
})

describe('what each role sees', () => {
  const navOf = (body: string) =>
    visibleText(/<div class="admin-nav-wide">([\s\S]*?)<\/div>/.exec(body)?.[1] ?? '')

  it('shows each role only the parts it may use', async () => {
    const expected: Record<Role, string> = {
      admin:
        'Overview Site copy Posts Landing pages Media Redirects Experiments Viewer URL Leads Traffic Speed Team Activity Your account Help',
      editor:
        'Overview Site copy Posts Landing pages Media Redirects Experiments Traffic Speed Your account Help',
      sales: 'Overview Experiments Leads Traffic Speed Your account Help',
      translator: 'Overview Site copy Your account Help',
    }
    for (const role of ROLES) {
      const { body } = await callApp('/admin', { headers: { Cookie: await sessionAs(role) } })
      expect(navOf(body), role).toBe(expected[role])
    }
  })

  it('the 403 page names the roles a part needs, in the console frame; a CSV or JSON request gets one line', async () => {
    const cookie = await sessionAs('sales')
    const page = await callApp('/admin/settings', { headers: { Cookie: cookie } })
    expect(page.response.status).toBe(403)
    const text = visibleText(page.body)
    expect(text).toContain('Not for your role')
    expect(text).toContain(
      'This part of the console is for: Admin. You are signed in as Sally Sales, with the role Sales.',
    )
    expect(navOf(page.body)).toBe('Overview Experiments Leads Traffic Speed Your account Help')
    const csv = await callApp('/admin/activity.csv', { headers: { Cookie: cookie } })
    expect(csv.response.status).toBe(403)
    expect(csv.body).toBe('Your role (Sales) does not allow this; it needs: Admin.')
    const editor = await sessionAs('editor')
    const leads = await callApp('/admin/leads.csv', { headers: { Cookie: editor } })
    expect([leads.response.status, leads.body]).toEqual([
      403,
      'Your role (Editor) does not allow this; it needs: Admin, Sales.',
    ])
  })

  it('opens every part of the registry at its address for the roles its action allows, and 403 for the rest', async () => {
    for (const role of ROLES) {
      const cookie = await sessionAs(role)
      for (const { part, path, action } of CONSOLE_PARTS) {
        const { response, body } = await callApp(path, { headers: { Cookie: cookie } })
        expect(response.status, `${role}: ${part}`).toBe(
          PERMISSIONS[action].includes(role as never) ? 200 : 403,
        )
        // The page is the part's own: the navigation marks it as the current one.
        if (response.status === 200)
          expect(body, `${role}: ${part}`).toContain(`href="${path}" aria-current="page"`)
      }
    }
  })

  it('an editor never meets a lead’s name, e-mail or phone on any page they may open', async () => {
    const { id, content } = await storeLead({ status: 'dead' })
    const cookie = await sessionAs('editor')
    const pages = consoleRoutes().filter((r) => r.method === 'GET' && r.action !== 'open')
    let opened = 0
    for (const route of pages) {
      const { response, body } = await callApp(concrete(route.path, id), { headers: { Cookie: cookie } })
      if (response.status === 403) continue
      opened++
      for (const field of [content.name, content.email, content.phone])
        expect(body, route.path).not.toContain(field)
    }
    expect(opened).toBeGreaterThanOrEqual(4)
  })
})

describe('role changes', () => {
  it('count on the person’s next request: their open session no longer has the old role', async () => {
    const sales = await sessionAs('sales')
    expect((await callApp('/admin/leads', { headers: { Cookie: sales } })).response.status).toBe(200)
    const changed = await callApp(`/admin/team/admins/${PEOPLE.sales.id}/role`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: ADMIN_COOKIE, ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'role=editor',
    })
    expect(changed.response.headers.get('Location')).toBe('/admin/team?notice=role-changed')
    expect((await callApp('/admin/leads', { headers: { Cookie: sales } })).response.status).toBe(403)
    expect((await callApp('/admin/traffic', { headers: { Cookie: sales } })).response.status).toBe(200)
  })

  it('are made only from a console page: a public post, a preview or no Referer cannot promote an editor', async () => {
    await sessionAs('editor')
    const promote = (page: Record<string, string>) =>
      callApp(`/admin/team/admins/${PEOPLE.editor.id}/role`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          Cookie: ADMIN_COOKIE,
          Origin: ORIGIN,
          'Sec-Fetch-Site': 'same-origin',
          'Content-Type': 'application/x-www-form-urlencoded',
          ...page,
        },
        body: 'role=admin',
      })
    const role = () =>
      env.DB.prepare('SELECT role FROM admins WHERE id = ?').bind(PEOPLE.editor.id).first('role')
    const notConsole: Record<string, string>[] = [
      { Referer: `${ORIGIN}/${posts[0]!.slug}` },
      { Referer: `${ORIGIN}/` },
      { Referer: `${ORIGIN}/admin/posts/${posts[0]!.slug}/preview` },
      { Referer: `${ORIGIN}/admin/content/home/preview` },
      { Referer: `https://evil.example/admin/team` },
      {},
    ]
    for (const page of notConsole) {
      const { response, body } = await promote(page)
      expect(response.status, JSON.stringify(page)).toBe(403)
      expect(body).toContain('it was not sent from a page of the console')
    }
    expect(await role()).toBe('editor')
    const fromTeamPage = await promote({ Referer: `${ORIGIN}/admin/team` })
    expect(fromTeamPage.response.headers.get('Location')).toBe('/admin/team?notice=role-changed')
    expect(await role()).toBe('admin')
  })

  it('U3: a post sent from any draft view (every kind’s preview, however its address is spelled, or a share link) is refused', async () => {
    const invite = (referer: string) =>
      callApp('/admin/team/invite', {
        method: 'POST',
        redirect: 'manual',
        headers: {
          Cookie: ADMIN_COOKIE,
          Origin: ORIGIN,
          'Sec-Fetch-Site': 'same-origin',
          'Content-Type': 'application/x-www-form-urlencoded',
          Referer: `${ORIGIN}${referer}`,
        },
        body: 'name=Mallory&role=admin',
      })
    const made = await callApp('/admin/pages/new', {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: ADMIN_COOKIE, ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'slug=nrf-2027&start=campaign',
    })
    expect(made.response.status).toBe(303)
    // One document of each kind: a kind added to the registry without one here fails to compile.
    const sample: Record<DocumentKind, string> = {
      copy: 'home-hero',
      post: documentOf('post', posts[0]!.slug),
      page: documentOf('page', 'nrf-2027'),
    }
    const spellings = (href: string) => {
      const [, admin, part, id, verb] = href.split('/')
      return [
        href,
        `/${admin}/%${part!.charCodeAt(0).toString(16)}${part!.slice(1)}/${id}/${verb}`,
        `/${admin}/${part}/${id}/%${verb!.charCodeAt(0).toString(16)}${verb!.slice(1)}`,
        `/${admin}/${part}/${id}/${verb}/`,
      ]
    }
    const share = await callApp('/admin/pages/nrf-2027/share', {
      method: 'POST',
      headers: { Cookie: ADMIN_COOKIE, ...SAME_ORIGIN },
    })
    const review = /\/review\/[0-9a-f]{64}/.exec(share.body)![0]
    const views = [...Object.values(sample).flatMap((doc) => spellings(documentHref(doc, 'preview'))), review]
    for (const view of views) {
      const drawn = await callApp(view.replace(/\/$/, ''), { headers: { Cookie: ADMIN_COOKIE } })
      expect(drawn.response.status, view).toBe(200)
      const { response, body } = await invite(view)
      expect(response.status, view).toBe(403)
      expect(body).toContain('it was not sent from a page of the console')
    }
    // An address that does not decode is no page of the console either; the team page, spelled either way, is.
    expect((await invite('/admin/%E0%A4%A/team')).response.status).toBe(403)
    expect((await invite('/admin/%74eam')).response.status).toBe(201)
    const invited = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM invitations WHERE name = 'Mallory'",
    ).first('n')
    expect(invited).toBe(1)
  })

  it('never demotes or removes the last admin, nor changes the password admin', async () => {
    const post = (path: string, body: string, overrides = {}, cookie = ADMIN_COOKIE) =>
      callApp(
        path,
        {
          method: 'POST',
          redirect: 'manual',
          headers: {
            Cookie: cookie,
            ...SAME_ORIGIN,
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body,
        },
        overrides,
      )
    const password = await post(`/admin/team/admins/${PEOPLE.admin.id}/role`, 'role=sales')
    expect(password.response.headers.get('Location')).toBe('/admin/team?notice=password-admin')
    // Without the password, Grace (a passkey) is the only admin who can sign in.
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO admins (id, name, role, created_at) VALUES ('grace', 'Grace', 'admin', ?)",
      ).bind(new Date().toISOString()),
      env.DB.prepare(
        "INSERT INTO passkeys (id, admin_id, label, public_key, counter, created_at) VALUES ('g1', 'grace', 'Key', 'pk', 0, ?)",
      ).bind(new Date().toISOString()),
    ])
    // Without the password, its admin is off (their session ends): Olive, with no passkey, acts.
    const noPassword = { ADMIN_PASSWORD: '' }
    const olive = await otherAdminSession()
    const demote = await post('/admin/team/admins/grace/role', 'role=sales', noPassword, olive)
    expect(demote.response.headers.get('Location')).toBe('/admin/team?notice=last-one')
    const remove = await post('/admin/team/admins/grace/remove', '', noPassword, olive)
    expect(remove.response.headers.get('Location')).toBe('/admin/team?notice=last-one')
    expect(await env.DB.prepare("SELECT role FROM admins WHERE id = 'grace'").first('role')).toBe('admin')
    const bad = await post('/admin/team/admins/grace/role', 'role=owner')
    expect(bad.response.headers.get('Location')).toBe('/admin/team?notice=invalid-role')
  })

  it('an invitation names the role its person joins with', async () => {
    const invited = await callApp('/admin/team/invite', {
      method: 'POST',
      headers: { Cookie: ADMIN_COOKIE, ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=Sam&role=sales',
    })
    expect(invited.response.status).toBe(201)
    expect(await env.DB.prepare("SELECT role FROM invitations WHERE name = 'Sam'").first('role')).toBe(
      'sales',
    )
    const taken = await callApp('/admin/team/invite', {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: ADMIN_COOKIE, ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=ADMIN&role=sales',
    })
    // The password admin's name is reserved, whatever its case.
    expect(taken.response.headers.get('Location')).toBe('/admin/team?notice=name-taken')
  })
})

describe('Cloudflare Access identities', () => {
  it('those in ADMIN_ACCESS_EMAILS are admins; others get ACCESS_DEFAULT_ROLE, or a page that says whom to ask', async () => {
    const team = await newAccessTeam()
    const env = { ...team.env, ADMIN_ACCESS_EMAILS: 'Boss@Brand.example, second@brand.example' }
    const as = async (email: string, path: string, overrides = {}) =>
      callApp(
        path,
        { headers: { 'Cf-Access-Jwt-Assertion': await team.token({ email }) } },
        { ...env, ...overrides },
      )
    expect((await as('boss@brand.example', '/admin/settings')).response.status).toBe(200)
    const stranger = await as('intern@brand.example', '/admin')
    expect(stranger.response.status).toBe(403)
    const text = visibleText(stranger.body)
    expect(text).toContain('Cloudflare Access signed you in, but you have no role in this console.')
    expect(text).toContain('boss@brand.example')
    expect(text).toContain('second@brand.example')
    expect(stranger.body).not.toContain('admin-nav')
    const sales = { ACCESS_DEFAULT_ROLE: 'sales' }
    expect((await as('intern@brand.example', '/admin/leads', sales)).response.status).toBe(200)
    expect((await as('intern@brand.example', '/admin/settings', sales)).response.status).toBe(403)
    // The JSON API follows the same roles.
    const put = await callApp(
      '/api/settings',
      {
        method: 'PUT',
        headers: {
          'Content-Type': 'application/json',
          'Cf-Access-Jwt-Assertion': await team.token({ email: 'intern@brand.example' }),
        },
        body: JSON.stringify({ view3dUrl: `${ORIGIN}/viewer` }),
      },
      { ...env, ...sales },
    )
    expect(put.response.status).toBe(403)
  })
})
