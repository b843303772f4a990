/**
 * Device cookies (security review S4): each belongs to the admin who signed in, is listed on
 * their account page with when it was first and last used, can be forgotten, goes when that
 * admin is removed, and nobody keeps more than DEVICES_PER_ADMIN of them.
 */
import { describe, expect, it } from 'vitest'
import { DEVICES_PER_ADMIN } from '../../../src/server/people/storage/admin-devices'
import {
  ADMIN_ID,
  adminGet,
  adminPost,
  env,
  noticeOf,
  OTHER_ADMIN,
  otherAdminSession,
  guessingWave,
  signIn,
  uniqueIpv4,
  visibleText,
} from '../support'

/** The devices in D1, by admin. */
async function devicesOf(
  adminId: string,
): Promise<{ id: string; created_at: string; last_used_at: string }[]> {
  const { results } = await env.DB.prepare(
    'SELECT id, created_at, last_used_at FROM admin_devices WHERE admin_id = ? ORDER BY last_used_at',
  )
    .bind(adminId)
    .all<{ id: string; created_at: string; last_used_at: string }>()
  return results
}

/** A guessing wave from everywhere: after it, a new client is refused. */
async function wave(): Promise<void> {
  expect(await guessingWave()).toEqual(Array.from({ length: 10 }, () => [401, 401, 401, 401, 401]))
  expect((await signIn({}, { ip: uniqueIpv4() })).status).toBe(429)
}

describe('device cookies', () => {
  it('belong to the admin who signed in, and the account page lists them, this browser marked', async () => {
    const first = await signIn()
    const second = await signIn()
    const again = await signIn({}, { cookie: first.device })
    const rows = await devicesOf(ADMIN_ID)
    expect(rows).toHaveLength(2)

    const page = await adminGet('/admin/account', {}, `${again.session}; ${first.device}`)
    expect(page.response.status).toBe(200)
    const text = visibleText(page.body)
    expect(text).toContain('Browsers you signed in on')
    expect(text.match(/First signed in/g)).toHaveLength(2)
    expect(text.match(/This browser/g)).toHaveLength(1)
    expect(page.body).toContain('aria-label="Forget this browser"')
    expect(page.body.match(/aria-label="Forget the browser last signed in on [^"]+ UTC"/g)).toHaveLength(1)
    expect(second.device).not.toBe(first.device)
  })

  it('a forgotten one loses its own tries: during a wave it is refused like any stranger', async () => {
    const usual = await signIn()
    const [device] = await devicesOf(ADMIN_ID)
    const forgotten = await adminPost(`/admin/account/devices/${device!.id}/forget`)
    expect(forgotten.response.status).toBe(303)
    const back = await adminGet(forgotten.response.headers.get('Location')!)
    expect(noticeOf(back.body)?.text).toContain('Browser forgotten')
    expect(await devicesOf(ADMIN_ID)).toEqual([])
    const logged = await env.DB.prepare(
      "SELECT actor, subject FROM activity WHERE action = 'device-forgotten'",
    ).all()
    expect(logged.results).toEqual([{ actor: 'admin', subject: device!.id }])

    await wave()
    expect((await signIn({}, { ip: uniqueIpv4(), cookie: usual.device })).status).toBe(429)
  })

  it('nobody forgets another admin’s browser', async () => {
    await signIn()
    const [device] = await devicesOf(ADMIN_ID)
    const refused = await adminPost(
      `/admin/account/devices/${device!.id}/forget`,
      {},
      { cookie: await otherAdminSession() },
    )
    expect(refused.response.headers.get('Location')).toBe('/admin/account?notice=failed')
    expect(await devicesOf(ADMIN_ID)).toHaveLength(1)
  })

  it('go when their admin is removed: a departing admin’s browser no longer escapes the wave', async () => {
    const departing = await signIn()
    await otherAdminSession()
    // The browser was the other admin's (a passkey sign-in, as far as the guard is concerned).
    await env.DB.prepare('UPDATE admin_devices SET admin_id = ?').bind(OTHER_ADMIN.id).run()
    const removed = await adminPost(`/admin/team/admins/${OTHER_ADMIN.id}/remove`)
    expect(removed.response.status).toBe(303)
    expect(await devicesOf(OTHER_ADMIN.id)).toEqual([])

    await wave()
    expect((await signIn({}, { ip: uniqueIpv4(), cookie: departing.device })).status).toBe(429)
  })

  it('another admin’s cookie is replaced on sign-in, never shared', async () => {
    const theirs = await signIn()
    await otherAdminSession()
    await env.DB.prepare('UPDATE admin_devices SET admin_id = ?').bind(OTHER_ADMIN.id).run()
    const mine = await signIn({}, { cookie: theirs.device })
    expect(mine.device).not.toBe(theirs.device)
    expect(await devicesOf(OTHER_ADMIN.id)).toHaveLength(1)
    expect(await devicesOf(ADMIN_ID)).toHaveLength(1)
  })

  it(`an admin keeps at most ${DEVICES_PER_ADMIN}: an eleventh browser forgets the least recent`, async () => {
    const oldest = await signIn()
    for (let i = 1; i < DEVICES_PER_ADMIN; i++) await signIn()
    expect(await devicesOf(ADMIN_ID)).toHaveLength(DEVICES_PER_ADMIN)
    await signIn()
    expect(await devicesOf(ADMIN_ID)).toHaveLength(DEVICES_PER_ADMIN)

    await wave()
    expect((await signIn({}, { ip: uniqueIpv4(), cookie: oldest.device })).status).toBe(429)
  })
})
