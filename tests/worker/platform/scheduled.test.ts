/**
 * The one Cron Trigger (every minute) runs each job at its time, told by the trigger's scheduled
 * time: the publish every minute, the sweep on each tenth minute, retention daily at 03:00 UTC. Seen
 * by what each job does to D1: a scheduled page goes live, an expired spent form token is deleted,
 * an invitation long expired is deleted.
 */
import { createScheduledController } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { CRON } from '../../../src/server/maintenance'
import { DAY, env, servicesOf, worker } from '../support'

const HOUR = 60 * 60 * 1000
/** Tomorrow's date at hh:mm UTC, `days` later. */
function at(hhmm: string, days = 0): number {
  const [hours, minutes] = hhmm.split(':').map(Number) as [number, number]
  const tomorrow = Math.floor(Date.now() / DAY) * DAY + DAY
  return tomorrow + days * DAY + hours * HOUR + minutes * 60_000
}
const trigger = (scheduledTime: number) =>
  worker.scheduled(createScheduledController({ cron: CRON, scheduledTime }), env)
const tokens = async () =>
  (
    await env.DB.prepare('SELECT token FROM spent_form_tokens ORDER BY token').all<{ token: string }>()
  ).results.map((row) => row.token)
const invitations = async () =>
  (await env.DB.prepare('SELECT token_hash FROM invitations').all<{ token_hash: string }>()).results.map(
    (row) => row.token_hash,
  )
const scheduled = async () =>
  (await env.DB.prepare("SELECT publish_at FROM content_documents WHERE doc = 'home-hero'").first<{
    publish_at: string | null
  }>())!.publish_at

describe('the Cron Trigger', () => {
  it('runs the publish each minute, the sweep each tenth minute and retention at 03:00 UTC', async () => {
    const first = at('10:07')
    const tenth = at('10:10')
    const daily = at('03:00', 1)
    const iso = (time: number) => new Date(time).toISOString()

    // A page scheduled for half a minute before 10:07.
    const { content } = servicesOf().studio
    const opened = await content.open('home-hero')
    if (!opened.ok || !opened.value) throw new Error('not opened')
    const saved = await content.save('home-hero', opened.value.value, 0, 'Ada')
    if (!saved.ok) throw new Error('not saved')
    await content.schedule('home-hero', new Date(first - 30_000), saved.value.version, 'Ada')
    // Spent form tokens: one expired before 10:07, one a minute after 10:10.
    // An invitation that expired eight days before 03:00, and so a day after 10:10.
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO spent_form_tokens (token, expires_at, client) VALUES ('early', ?, NULL), ('later', ?, NULL)",
      ).bind(iso(first - HOUR), iso(tenth + 60_000)),
      env.DB.prepare(
        "INSERT INTO invitations VALUES ('old', 'Ada', 'admin', ?, ?, NULL, 'sales', NULL)",
      ).bind(iso(daily - 9 * DAY), iso(daily - 8 * DAY)),
    ])
    expect(await scheduled()).toBe(iso(first - 30_000))

    // 10:07: the publish only.
    await trigger(first)
    expect(await scheduled()).toBeNull()
    expect(await tokens()).toEqual(['early', 'later'])
    expect(await invitations()).toEqual(['old'])

    // 10:10: the publish and the sweep, which deletes the token expired by then.
    await trigger(tenth)
    expect(await tokens()).toEqual(['later'])
    expect(await invitations()).toEqual(['old'])

    // 03:00: the sweep (a tenth minute) and retention, which deletes the invitation.
    await trigger(daily)
    expect(await tokens()).toEqual([])
    expect(await invitations()).toEqual([])
  })
})
