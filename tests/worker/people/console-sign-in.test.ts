/**
 * The console's sign-in (issue 20): sessions (cookie, idle and absolute expiry, Sign out, Sign
 * out everywhere, a forged cookie, a stolen token hash), invitations (24 hours, single use, only
 * a hash stored), `next`, the guard with and without a device cookie, the team's rules, and
 * Cloudflare Access with and without the break-glass.
 */
import '../support/webauthn'
import { adminCopy } from '../../../src/content/admin'
import { SELF } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { safeNext } from '../../../src/lib/admin-links'
import { sha256Hex } from '../../../src/lib/hex'
import { SIGN_IN_BODY_LIMIT } from '../../../src/server/people/routes/admin/sign-in'
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../../../src/server/people/services/admin-sessions'
import {
  ADMIN,
  ADMIN_COOKIE,
  ADMIN_ID,
  adminGet,
  adminPost,
  callApp,
  env,
  newAccessTeam,
  otherAdminSession,
  PEOPLE,
  servicesOf,
  sessionAs,
  noticeOf,
  ORIGIN,
  SAME_ORIGIN,
  roomInRateWindow,
  RATE_WINDOW_TEST_TIMEOUT,
  uniqueIpv4,
  visibleText,
  FORM_POST,
  setCookies,
  guessingWave,
  signIn,
  visit,
  runScheduledJob,
} from '../support'

const HOUR = 60 * 60 * 1000

afterEach(() => {
  vi.useRealTimers()
})

/** Moves the worker's clock (Date.now and new Date) by `ms` from now. */
function clockAt(ms: number) {
  vi.useFakeTimers({ now: Date.now() + ms, toFake: ['Date'] })
}

describe('sessions', () => {
  it('a right password makes a session: cookies HttpOnly, SameSite=Strict, __Host- and Secure on https, and a D1 row holding only its hash', async () => {
    const { status, location, cookies, session, token } = await signIn({ next: '/admin/leads?status=dead' })
    expect(status).toBe(303)
    expect(location).toBe('/admin/leads?status=dead')
    for (const name of ['__Host-admin_session', '__Host-admin_device']) {
      const line = cookies[name] ?? ''
      for (const attribute of ['HttpOnly', 'SameSite=Strict', 'Path=/', 'Secure'])
        expect(line, name).toContain(attribute)
      expect(line, name).not.toMatch(/Domain=/i)
    }
    expect(token).toMatch(/^[0-9a-f]{64}$/)
    const rows = await env.DB.prepare('SELECT * FROM admin_sessions WHERE admin_id = ?').bind(ADMIN_ID).all()
    expect(JSON.stringify(rows.results)).not.toContain(token)
    expect(rows.results.map((row) => row.token_hash)).toContain(await sha256Hex(token))

    const page = await visit('/admin', session)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Signed in as admin')
    const admin = await env.DB.prepare('SELECT last_sign_in_at FROM admins WHERE id = ?')
      .bind(ADMIN_ID)
      .first<{ last_sign_in_at: string }>()
    expect(admin?.last_sign_in_at).toBeTruthy()
  })

  it('over plain http on this machine the cookies drop the __Host- prefix and Secure, as browsers require', async () => {
    const answer = await SELF.fetch('http://127.0.0.1:8787/admin/sign-in', {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'http://127.0.0.1:8787',
        Referer: 'http://127.0.0.1:8787/admin/sign-in',
        'CF-Connecting-IP': uniqueIpv4(),
      },
      body: new URLSearchParams({ username: ADMIN.username, password: ADMIN.password }).toString(),
    })
    expect(answer.status).toBe(303)
    const line = answer.headers.getSetCookie().find((l) => l.startsWith('admin_session=')) ?? ''
    expect(line).toContain('HttpOnly')
    expect(line).toContain('SameSite=Strict')
    expect(line).not.toContain('Secure')
  })

  it('a wrong password: 401, "Wrong user name or password" and nothing more, no cookie, the user name kept', async () => {
    for (const fields of [{ password: 'wrong-password' }, { username: 'root' }, { password: '' }]) {
      const answer = await signIn(fields)
      expect(answer.status).toBe(401)
      expect(answer.cookies).toEqual({})
      expect(answer.text).toContain('Wrong user name or password')
      expect(answer.text).not.toMatch(/user name is|password is|no such/i)
    }
  })

  it('ends 12 hours after it was last used', async () => {
    const { session } = await signIn()
    clockAt(SESSION_IDLE_MS - HOUR)
    expect((await visit('/admin', session)).status).toBe(200)
    vi.useRealTimers()
    clockAt(SESSION_IDLE_MS - HOUR + SESSION_IDLE_MS + 1000)
    const late = await visit('/admin/leads', session)
    expect(late.status).toBe(303)
    expect(late.location).toBe('/admin/sign-in?next=%2Fadmin%2Fleads')
  })

  it('ends 7 days after it began, however often it is used', async () => {
    const { session } = await signIn()
    for (let at = 10 * HOUR; at < SESSION_MAX_MS; at += 10 * HOUR) {
      vi.useRealTimers()
      clockAt(at)
      expect((await visit('/admin', session)).status, `${at / HOUR} h`).toBe(200)
    }
    vi.useRealTimers()
    clockAt(SESSION_MAX_MS + 1000)
    expect((await visit('/admin', session)).status).toBe(303)
  })

  it('Sign out ends it: the row is gone, the cookie cleared, and the old cookie signs nobody in', async () => {
    const { session, token } = await signIn()
    const { response } = await callApp('/admin/sign-out', {
      method: 'POST',
      headers: { ...FORM_POST, Cookie: session },
      redirect: 'manual',
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/admin/sign-in?notice=signed-out')
    expect(setCookies(response)['__Host-admin_session']).toMatch(/Max-Age=0/)
    const row = await env.DB.prepare('SELECT 1 FROM admin_sessions WHERE token_hash = ?')
      .bind(await sha256Hex(token))
      .first()
    expect(row).toBeNull()
    expect((await visit('/admin', session)).status).toBe(303)
    const page = await visit('/admin/sign-in?notice=signed-out', '')
    expect(page.text).toContain('You are signed out of the console.')
  })

  it('Sign out everywhere ends every session of yours, not another admin’s', async () => {
    const first = await signIn()
    const second = await signIn()
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO admins (id, name, created_at) VALUES ('other', 'Grace', '2026-01-01T00:00:00.000Z')",
      ),
      env.DB.prepare(
        "INSERT INTO admin_sessions VALUES (?, 'other', '2026-11-25T00:00:00.000Z', ?, '2099-01-01T00:00:00.000Z', NULL)",
      ).bind(await sha256Hex('c3'.repeat(32)), new Date().toISOString()),
    ])
    const { response } = await callApp('/admin/account/sign-out-everywhere', {
      method: 'POST',
      headers: { ...FORM_POST, Cookie: first.session },
      redirect: 'manual',
    })
    expect(response.headers.get('Location')).toBe('/admin/sign-in?notice=signed-out-everywhere')
    for (const cookie of [first.session, second.session, ADMIN_COOKIE])
      expect((await visit('/admin', cookie)).status).toBe(303)
    expect((await visit('/admin', `__Host-admin_session=${'c3'.repeat(32)}`)).status).toBe(200)
  })

  it('a forged cookie and a stolen token hash sign nobody in', async () => {
    const { token } = await signIn()
    const hash = await sha256Hex(token)
    for (const value of ['f'.repeat(64), hash, token.toUpperCase(), `${token}x`, '']) {
      const page = await visit('/admin', `__Host-admin_session=${value}`)
      expect(page.status, value).toBe(303)
      expect(page.text).not.toContain('Signed in as')
    }
    // The cookie only counts under its __Host- name on https.
    expect((await visit('/admin', `admin_session=${token}`)).status).toBe(303)
  })
})

describe('the password admin follows the secret', () => {
  const ROTATED = { ADMIN_PASSWORD: 'a-brand-new-password-2026' }

  it('rotating ADMIN_PASSWORD ends their sessions on the next request; the new password signs in', async () => {
    const { session } = await signIn()
    expect((await visit('/admin', session)).status).toBe(200)
    const after = await visit('/admin', session, ROTATED)
    expect(after.status).toBe(303)
    expect(after.location).toMatch(/^\/admin\/sign-in/)
    // Ended for good: the old password coming back does not revive it.
    expect((await visit('/admin', session)).status).toBe(303)
    const fresh = await signIn({ password: ROTATED.ADMIN_PASSWORD }, { overrides: ROTATED })
    expect(fresh.status).toBe(303)
    expect((await visit('/admin', fresh.session, ROTATED)).status).toBe(200)
  })

  it('unsetting it ends their sessions and turns their passkeys off; other admins are untouched', async () => {
    const olive = await otherAdminSession()
    const unset = { ADMIN_PASSWORD: '' }
    expect((await visit('/admin', ADMIN_COOKIE, unset)).status).toBe(303)
    expect((await visit('/admin', olive, unset)).status).toBe(200)
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM admin_sessions WHERE admin_id = ?')
      .bind(ADMIN_ID)
      .first<{ n: number }>()
    expect(rows?.n).toBe(0)
    // A passkey sign-in is refused for that account while the password is unset, for no one else.
    expect(servicesOf(unset).people.access.passkeysOn(ADMIN.username)).toBe(false)
    expect(servicesOf(unset).people.access.passkeysOn('Olive Other')).toBe(true)
    expect(servicesOf().people.access.passkeysOn(ADMIN.username)).toBe(true)
  })
})

describe('the daily maintenance', () => {
  it('deletes ended sessions and invitations a week past their expiry, and nothing still in use', async () => {
    const { token } = await signIn()
    const old = new Date(Date.now() - 9 * 24 * HOUR).toISOString()
    await env.DB.batch([
      env.DB.prepare('INSERT INTO admin_sessions VALUES (?, ?, ?, ?, ?, NULL)').bind(
        'idle',
        ADMIN_ID,
        old,
        old,
        '2099-01-01T00:00:00.000Z',
      ),
      env.DB.prepare(
        "INSERT INTO invitations VALUES ('old', 'Ada', 'admin', ?, ?, NULL, 'sales', NULL)",
      ).bind(old, old),
      env.DB.prepare(
        "INSERT INTO invitations VALUES ('recent', 'Bob', 'admin', ?, ?, NULL, 'sales', NULL)",
      ).bind(new Date().toISOString(), new Date(Date.now() + 24 * HOUR).toISOString()),
    ])
    await runScheduledJob('retention')
    const sessions = await env.DB.prepare('SELECT token_hash FROM admin_sessions').all<{
      token_hash: string
    }>()
    expect(sessions.results.map((r) => r.token_hash).sort()).toEqual(
      [await sha256Hex(token), await sha256Hex(ADMIN_COOKIE.split('=')[1]!)].sort(),
    )
    const invitations = await env.DB.prepare('SELECT token_hash FROM invitations').all<{
      token_hash: string
    }>()
    expect(invitations.results.map((r) => r.token_hash)).toEqual(['recent'])
  })
})

describe('next', () => {
  it.each([
    ['/admin/leads?status=dead', '/admin/leads?status=dead'],
    ['/update', '/update'],
    ['/admin', '/admin'],
    ['https://evil.example/admin', '/admin'],
    ['//evil.example/admin', '/admin'],
    ['/\\evil.example', '/admin'],
    ['/about-us', '/admin'],
    ['/admin/sign-in?next=/admin', '/admin'],
    ['javascript:alert(1)', '/admin'],
    ['/admin/../about-us', '/admin'],
    [' /admin/leads', '/admin'],
    ['', '/admin'],
  ])('%j goes to %s', (next, expected) => {
    expect(safeNext(next)).toBe(expected)
  })

  it('a sign-in with a foreign next lands on the overview', async () => {
    expect((await signIn({ next: 'https://evil.example/admin' })).location).toBe('/admin')
    expect((await signIn({ next: '//evil.example' })).location).toBe('/admin')
  })
})

describe('the size of what the doors read', () => {
  const tooBig = 'x'.repeat(SIGN_IN_BODY_LIMIT + 1)

  it('a password form over 64 KiB is refused with 413 and plain words, before the guard counts it', async () => {
    const ip = uniqueIpv4()
    const refused = await signIn({ password: tooBig }, { ip })
    expect(refused.status).toBe(413)
    expect(refused.text).toContain(adminCopy.signIn.refusals.tooLarge)
    // Not a failed guess: the same address still signs in, and no failure was logged.
    expect((await signIn({}, { ip })).status).toBe(303)
    const failed = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM activity WHERE action = 'sign-in-failed'",
    ).first<{ n: number }>()
    expect(failed?.n).toBe(0)
  })

  it.each(['/admin/sign-in/passkey', '/admin/sign-in/passkey/options', '/admin/invite/x/options'])(
    '%s refuses a JSON body over 64 KiB with 413',
    async (path) => {
      const { response, body } = await callApp(path, {
        method: 'POST',
        headers: { ...SAME_ORIGIN, 'Content-Type': 'application/json', 'CF-Connecting-IP': uniqueIpv4() },
        body: JSON.stringify({ response: tooBig }),
      })
      expect(response.status).toBe(413)
      expect(JSON.parse(body)).toEqual({ error: adminCopy.signIn.refusals.tooLarge })
    },
  )
})

describe('the guard and the device cookie', () => {
  it('50 wrong passwords from 10 clients lock out new clients, but not the admin’s usual browser', async () => {
    const usual = await signIn()
    expect(usual.device).toMatch(/^__Host-admin_device=/)

    expect(await guessingWave()).toEqual(Array.from({ length: 10 }, () => [401, 401, 401, 401, 401]))

    const stranger = await signIn({}, { ip: uniqueIpv4() })
    expect(stranger.status).toBe(429)
    expect(stranger.text).toContain('Too many failed sign-in attempts. Try again in 15 minutes.')
    expect(stranger.cookies).toEqual({})

    const trusted = await signIn({}, { ip: uniqueIpv4(), cookie: usual.device })
    expect(trusted.status).toBe(303)
    expect((await visit('/admin', trusted.session)).status).toBe(200)
  })

  it('a salesperson’s device is an unknown client: its guesses count toward the global ceiling, which then refuses it', async () => {
    const usual = await signIn()
    // A second browser signed in, then made a salesperson's: the row is what names a device's owner.
    const other = await signIn()
    await sessionAs('sales')
    const otherId = /^__Host-admin_device=([0-9a-f]+)\./.exec(decodeURIComponent(other.device))?.[1]
    const moved = await env.DB.prepare('UPDATE admin_devices SET admin_id = ? WHERE id = ?')
      .bind(PEOPLE.sales.id, otherId ?? '')
      .run()
    expect(moved.meta.changes).toBe(1)

    // 45 wrong passwords from nine addresses, and five from the salesperson's browser: 50 in all.
    expect(await guessingWave(9)).toEqual(Array.from({ length: 9 }, () => [401, 401, 401, 401, 401]))
    for (let i = 0; i < 5; i++)
      expect(
        (await signIn({ password: `wave-${i}` }, { ip: uniqueIpv4(), cookie: other.device })).status,
      ).toBe(401)

    expect((await signIn({}, { ip: uniqueIpv4() })).status).toBe(429)
    expect((await signIn({}, { ip: uniqueIpv4(), cookie: other.device })).status).toBe(429)
    // The password admin's own browser keeps its allowance.
    expect((await signIn({}, { ip: uniqueIpv4(), cookie: usual.device })).status).toBe(303)
  })

  it('a trusted device still has its own limit: 5 wrong passwords lock that device out', async () => {
    const { device } = await signIn()
    for (let i = 0; i < 5; i++)
      expect((await signIn({ password: `typo-${i}` }, { cookie: device })).status).toBe(401)
    expect((await signIn({}, { cookie: device })).status).toBe(429)
  })

  it('a forged device cookie, or one over 30 days old, is not trusted', async () => {
    const old = (await signIn()).device
    clockAt(31 * 24 * HOUR)
    const fresh = (await signIn()).device
    const [name, value] = fresh.split('=') as [string, string]
    const forged = `${name}=${value.replace(/^[0-9a-f]/, (c) => (c === 'a' ? 'b' : 'a'))}`
    await guessingWave()
    expect((await signIn({}, { cookie: forged })).status).toBe(429)
    expect((await signIn({}, { cookie: old })).status).toBe(429)
    expect((await signIn({}, { cookie: fresh })).status).toBe(303)
  })

  it('the guard is asked about password attempts only, not about every console page', async () => {
    await guessingWave()
    expect((await adminGet('/admin/leads')).response.status).toBe(200)
  })
})

describe('invitations', () => {
  async function invite(name: string) {
    const { response, body } = await callApp('/admin/team/invite', {
      method: 'POST',
      headers: { ...FORM_POST, Cookie: ADMIN_COOKIE },
      body: new URLSearchParams({ name, role: 'sales' }).toString(),
      redirect: 'manual',
    })
    const link = /<input id="invitation-link"[^>]* value="([^"]+)"/.exec(body)?.[1] ?? ''
    return { status: response.status, link, text: visibleText(body) }
  }

  it('gives a one-time link shown once, valid 24 hours, stored only as a hash', async () => {
    const { status, link, text } = await invite('Grace Hopper')
    expect(status).toBe(201)
    expect(text).toContain('Copy it now and send it to them: it is shown only this once.')
    const token = /\/admin\/invite\/([0-9a-f]{64})$/.exec(link)?.[1] ?? ''
    expect(link.startsWith(`${ORIGIN}/admin/invite/`)).toBe(true)
    const rows = await env.DB.prepare('SELECT * FROM invitations').all<{
      token_hash: string
      name: string
      expires_at: string
    }>()
    expect(rows.results).toHaveLength(1)
    expect(JSON.stringify(rows.results)).not.toContain(token)
    expect(rows.results[0]).toMatchObject({ token_hash: await sha256Hex(token), name: 'Grace Hopper' })
    expect(Date.parse(rows.results[0]!.expires_at) - Date.now()).toBeGreaterThan(24 * HOUR - 60_000)
    // Shown once: the team page afterwards has no link.
    expect((await adminGet('/admin/team')).body).not.toContain(token)

    const open = await visit(`/admin/invite/${token}`, '')
    expect(open.status).toBe(200)
    expect(open.text).toContain('You are invited as Grace Hopper')
    expect(open.text).toContain('Create your passkey')

    clockAt(24 * HOUR + 1000)
    const expired = await visit(`/admin/invite/${token}`, '')
    expect(expired.status).toBe(410)
    expect(expired.text).toContain('It has expired, or it was used already.')
    const options = await callApp(`/admin/invite/${token}/options`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN },
    })
    expect(options.response.status).toBe(410)
  })

  it('is single use: once redeemed, its link is gone', async () => {
    const { link } = await invite('Katherine Johnson')
    const token = link.split('/').pop()!
    const hash = await sha256Hex(token)
    const first = await env.DB.prepare(
      'UPDATE invitations SET used_at = ?1 WHERE token_hash = ?2 AND used_at IS NULL',
    )
      .bind(new Date().toISOString(), hash)
      .run()
    expect(first.meta.changes).toBe(1)
    expect((await visit(`/admin/invite/${token}`, '')).status).toBe(410)
    const options = await callApp(`/admin/invite/${token}/options`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN },
    })
    expect(options.response.status).toBe(410)
  })

  it('waiting links are listed on the team page, and Revoke ends one at once', async () => {
    const grace = await invite('Grace Hopper')
    const katherine = await invite('Katherine Johnson')
    const listed = visibleText((await adminGet('/admin/team')).body)
    expect(listed).toMatch(/Invitations not used yet[\s\S]*Katherine Johnson[\s\S]*Grace Hopper/)
    const hash = await sha256Hex(grace.link.split('/').pop()!)
    const revoked = await adminPost(`/admin/team/invitations/${hash}/revoke`, {})
    expect(revoked.response.headers.get('Location')).toBe('/admin/team?notice=revoked')
    expect((await visit(new URL(grace.link).pathname, '')).status).toBe(410)
    expect((await visit(new URL(katherine.link).pathname, '')).status).toBe(200)
    const after = visibleText((await adminGet('/admin/team')).body)
    expect(after).toContain('Katherine Johnson')
    expect(after.slice(after.indexOf('Invitations not used yet'))).not.toContain('Grace Hopper')
    const activity = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM activity WHERE action = 'invitation-revoked'",
    ).first<{ n: number }>()
    expect(activity?.n).toBe(1)
    // Revoking it again changes nothing, and says so.
    const again = await adminPost(`/admin/team/invitations/${hash}/revoke`, {})
    expect(again.response.headers.get('Location')).toBe('/admin/team?notice=failed')
  })

  it.each([
    ['removing an admin', 'remove', {}, 'removed'],
    ['demoting an admin to editor', 'role', { role: 'editor' }, 'role-changed'],
  ] as const)(
    'end with the admin who sent them: %s revokes their waiting links',
    async (_, action, form, notice) => {
      await env.DB.prepare("INSERT INTO admins (id, name, created_at) VALUES ('ada', 'Ada Lovelace', ?)")
        .bind(new Date().toISOString())
        .run()
      await env.DB.prepare(
        "INSERT INTO passkeys (id, admin_id, label, public_key, counter, created_at) VALUES ('ada-key', 'ada', 'Key', 'pk', 0, ?)",
      )
        .bind(new Date().toISOString())
        .run()
      const token = 'a'.repeat(64)
      const now = Date.now()
      await env.DB.prepare(
        "INSERT INTO invitations (token_hash, name, role, invited_by, created_at, expires_at) VALUES (?, 'Her Friend', 'admin', 'Ada Lovelace', ?, ?)",
      )
        .bind(await sha256Hex(token), new Date(now).toISOString(), new Date(now + HOUR).toISOString())
        .run()
      expect((await visit(`/admin/invite/${token}`, '')).status).toBe(200)
      const changed = await adminPost(`/admin/team/admins/ada/${action}`, form)
      expect(changed.response.headers.get('Location')).toBe(`/admin/team?notice=${notice}`)
      expect((await visit(`/admin/invite/${token}`, '')).status).toBe(410)
    },
  )

  it('never takes a name already in use, in any case: an admin’s, the password admin’s, or a waiting invitation’s', async () => {
    expect((await invite('Grace Hopper')).status).toBe(201)
    for (const taken of ['grace hopper', 'GRACE HOPPER', ADMIN.username.toUpperCase()]) {
      const refused = await invite(taken)
      expect(refused.status, taken).toBe(303)
    }
    await env.DB.prepare("INSERT INTO admins (id, name, created_at) VALUES ('kj', 'Katherine Johnson', ?)")
      .bind(new Date().toISOString())
      .run()
    expect((await invite('katherine johnson')).status).toBe(303)
    const pending = await env.DB.prepare('SELECT COUNT(*) AS n FROM invitations').first<{ n: number }>()
    expect(pending?.n).toBe(1)
  })

  it('an unknown or malformed link is 410, and a name already taken is refused', async () => {
    expect((await visit(`/admin/invite/${'0'.repeat(64)}`, '')).status).toBe(410)
    expect((await visit('/admin/invite/not-a-token', '')).status).toBe(410)
    const taken = await invite(ADMIN.username)
    expect(taken.status).toBe(303)
    const page = await adminGet('/admin/team?notice=name-taken')
    expect(noticeOf(page.body)?.text).toContain(adminCopy.team.refusals['name-taken'])
    // Format characters too (review T13): a right-to-left override or a zero-width space makes one
    // name look like another's in the team list and the activity log.
    for (const bad of [
      '',
      ' ',
      'x'.repeat(81),
      'line\nbreak',
      'Ada \u202Eecalevol',
      'Ad\u200Ba',
      'Ada\u2060L',
    ]) {
      const answer = await adminPost('/admin/team/invite', { name: bad, role: 'sales' })
      expect(answer.response.headers.get('Location'), JSON.stringify(bad)).toBe(
        '/admin/team?notice=invalid-name',
      )
    }
  })
})

describe('the team', () => {
  async function addAdmin(id: string, name: string, passkeys = 1) {
    await env.DB.prepare('INSERT INTO admins (id, name, created_at) VALUES (?, ?, ?)')
      .bind(id, name, new Date().toISOString())
      .run()
    for (let i = 0; i < passkeys; i++)
      await env.DB.prepare(
        "INSERT INTO passkeys (id, admin_id, label, public_key, counter, created_at) VALUES (?, ?, ?, 'pk', 0, ?)",
      )
        .bind(`${id}-key-${i}`, id, `Key ${i}`, new Date().toISOString())
        .run()
  }

  it('lists every admin with their passkeys and last sign-in', async () => {
    await addAdmin('grace', 'Grace Hopper', 2)
    const { body } = await adminGet('/admin/team')
    const text = visibleText(body)
    expect(text).toContain('admin (you)')
    expect(text).toContain('signs in with the password')
    expect(text).toMatch(/Grace Hopper.*Key 0 added \d{4}-\d\d-\d\d .*Key 1 added/)
  })

  it('removes another admin with their passkeys and sessions, never yourself or the password admin', async () => {
    await addAdmin('grace', 'Grace Hopper')
    const removed = await adminPost('/admin/team/admins/grace/remove')
    expect(removed.response.headers.get('Location')).toBe('/admin/team?notice=removed')
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM passkeys WHERE admin_id = 'grace'").first('n'),
    ).toBe(0)
    const self = await adminPost(`/admin/team/admins/${ADMIN_ID}/remove`)
    expect(self.response.headers.get('Location')).toBe('/admin/team?notice=yourself')
  })

  it('never removes the last one who can sign in', async () => {
    // Without a password, only passkeys sign in: Grace's is the last. Olive, signed in but with no
    // passkey, acts (the password admin's own session ends with the password).
    await addAdmin('grace', 'Grace Hopper', 1)
    const noPassword = { ADMIN_PASSWORD: '' }
    const olive = await otherAdminSession()
    const removed = await adminPost(
      '/admin/team/admins/grace/remove',
      {},
      { overrides: noPassword, cookie: olive },
    )
    expect(removed.response.headers.get('Location')).toBe('/admin/team?notice=last-one')
    const passkey = await callApp(
      '/admin/account/passkeys/grace-key-0/remove',
      { method: 'POST', headers: { ...FORM_POST, Cookie: olive }, redirect: 'manual' },
      noPassword,
    )
    // Not the signed-in admin's passkey: nothing to remove.
    expect(passkey.response.headers.get('Location')).toBe('/admin/account?notice=failed')
    const page = await adminGet('/admin/team?notice=last-one', noPassword, olive)
    expect(noticeOf(page.body)?.text).toContain(adminCopy.team.refusals['last-one'])
  })

  it('two changes at once never leave nobody: of two admins demoted or removed together, one stays', async () => {
    // Without a password, Grace and Hedy are the two who can sign in; Olive acts, twice at once.
    const noPassword = { ADMIN_PASSWORD: '' }
    const olive = await otherAdminSession()
    const canSignIn = () =>
      env.DB.prepare(
        "SELECT COUNT(*) AS n FROM admins a WHERE a.role = 'admin' AND EXISTS (SELECT 1 FROM passkeys k WHERE k.admin_id = a.id)",
      ).first<number>('n')
    for (const [first, second] of [
      ['role', 'role'],
      ['remove', 'remove'],
      ['role', 'remove'],
    ] as const) {
      await env.DB.exec("DELETE FROM admins WHERE id IN ('grace', 'hedy')")
      await addAdmin('grace', 'Grace Hopper', 1)
      await addAdmin('hedy', 'Hedy Lamarr', 1)
      const change = (action: 'role' | 'remove', id: string) =>
        adminPost(`/admin/team/admins/${id}/${action}`, action === 'role' ? { role: 'sales' } : {}, {
          overrides: noPassword,
          cookie: olive,
        })
      const answers = await Promise.all([change(first, 'grace'), change(second, 'hedy')])
      const notices = answers.map((a) => a.response.headers.get('Location')?.split('notice=')[1]).sort()
      expect(notices, `${first} and ${second}`).toContain('last-one')
      expect(await canSignIn(), `${first} and ${second}`).toBe(1)
    }
  })
})

describe('passkey challenges', () => {
  it(
    'one client gets 30 a minute, each a D1 row; the 31st is 429 with Retry-After, and another client is not held up',
    async () => {
      await roomInRateWindow()
      const ask = (ip: string) =>
        callApp('/admin/sign-in/passkey/options', {
          method: 'POST',
          headers: { ...SAME_ORIGIN, 'CF-Connecting-IP': ip },
        })
      const challenges = () =>
        env.DB.prepare('SELECT COUNT(*) AS n FROM webauthn_challenges').first<number>('n')
      const before = await challenges()
      const ip = uniqueIpv4()
      for (let i = 0; i < 30; i++) {
        const { response, body } = await ask(ip)
        expect(response.status, `request ${i + 1}`).toBe(200)
        expect(JSON.parse(body).challenge).toMatch(/^[\w-]{20,}$/)
      }
      expect(await challenges()).toBe(before! + 30)

      const refused = await ask(ip)
      expect(refused.response.status).toBe(429)
      expect(refused.response.headers.get('Retry-After')).toBe('60')
      expect(JSON.parse(refused.body)).toEqual({
        error: 'Too many passkey sign-ins from this network. Try again in a minute.',
      })
      expect(await challenges()).toBe(before! + 30)
      expect((await ask(uniqueIpv4())).response.status).toBe(200)
    },
    RATE_WINDOW_TEST_TIMEOUT,
  )
})

describe('expired passkey challenges', () => {
  it('are deleted by the sweep, with no later ceremony needed; live ones stay', async () => {
    const now = Date.now()
    await env.DB.batch(
      [
        ['expired', new Date(now - 60_000)],
        ['live', new Date(now + 240_000)],
      ].map(([challenge, expires]) =>
        env.DB.prepare(
          "INSERT INTO webauthn_challenges (challenge, purpose, subject, expires_at) VALUES (?, 'sign-in', NULL, ?)",
        ).bind(challenge, (expires as Date).toISOString()),
      ),
    )
    await runScheduledJob('sweep', env, now)
    const left = await env.DB.prepare(
      "SELECT challenge FROM webauthn_challenges WHERE challenge IN ('expired', 'live')",
    ).all()
    expect(left.results).toEqual([{ challenge: 'live' }])
  })
})

describe('the relying party', () => {
  it('is SITE_ORIGIN’s host when it is set, whatever host the request names', async () => {
    const ask = (overrides = {}) =>
      callApp(
        '/admin/sign-in/passkey/options',
        { method: 'POST', headers: { ...SAME_ORIGIN, 'CF-Connecting-IP': uniqueIpv4() } },
        overrides,
      )
    const canonical = await ask({ SITE_ORIGIN: 'https://www.xr-stores.example' })
    expect(canonical.response.status).toBe(200)
    expect(JSON.parse(canonical.body).rpId).toBe('www.xr-stores.example')
    const local = await ask({ SITE_ORIGIN: '' })
    expect(JSON.parse(local.body).rpId).not.toBe('www.xr-stores.example')
  })
})

describe('Cloudflare Access', () => {
  it('names the person by their e-mail, and no password or session gets in beside it', async () => {
    const team = await newAccessTeam()
    const token = await team.token({ email: 'ceo@brand.example' })
    team.env.ADMIN_ACCESS_EMAILS = 'ceo@brand.example'
    const page = await callApp('/admin', { headers: { 'Cf-Access-Jwt-Assertion': token } }, team.env)
    expect(page.response.status).toBe(200)
    expect(visibleText(page.body)).toContain('Signed in as ceo@brand.example')

    const withSession = await visit('/admin', ADMIN_COOKIE, team.env)
    expect(withSession.status).toBe(403)
    expect(withSession.text).toContain('Sign in through Cloudflare Access')
    const password = await signIn({}, { overrides: team.env })
    expect(password.status).toBe(403)
    expect(password.cookies).toEqual({})
    const options = await callApp(
      '/admin/sign-in/passkey/options',
      { method: 'POST', headers: SAME_ORIGIN },
      team.env,
    )
    expect(options.response.status).toBe(403)
  })

  it('ADMIN_PASSWORD_WITH_ACCESS=true opens the password door as a break-glass', async () => {
    const team = await newAccessTeam()
    const breakGlass = { ...team.env, ADMIN_PASSWORD_WITH_ACCESS: 'true' }
    const password = await signIn({}, { overrides: breakGlass })
    expect(password.status).toBe(303)
    expect((await visit('/admin', password.session, breakGlass)).status).toBe(200)
    expect((await visit('/admin', password.session, team.env)).status).toBe(403)
  })
})
