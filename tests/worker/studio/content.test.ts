/**
 * The content service: a published edition overrides exactly the fields it sets; a stored edition
 * that no longer fits falls back field by field, with one alert; a stale save is refused; a
 * scheduled publish goes live from the Cron Trigger at its time and not before; a revision
 * restores; and a publish reaches every page, in this isolate at once and in another within 1 s.
 */
import { describe, expect, it, vi } from 'vitest'
import { home } from '../../../src/content/home'
import { resetIsolate } from '../../../src/server/isolate'
import {
  adminGet,
  adminPost,
  callApp,
  env,
  newWebhook,
  servicesOf,
  visibleText,
  runScheduledJob,
} from '../support'

const hero = home.hero
const page = async (path = '/') => visibleText((await callApp(path)).body)

/** A published edition written as a deploy of another time might have left it, bypassing every check. */
async function storeEdition(doc: string, edition: Record<string, unknown>) {
  await env.DB.batch([
    env.DB.prepare(
      'INSERT OR REPLACE INTO content_documents (doc, published, revision) VALUES (?, ?, 1)',
    ).bind(doc, JSON.stringify(edition)),
    env.DB.prepare('UPDATE content_stamp SET stamp = stamp + 1 WHERE id = 1'),
  ])
  await resetIsolate()
}

/** Saves values over the document's current version and publishes them, as an editor does. */
async function publish(doc: string, change: (value: Record<string, unknown>) => Record<string, unknown>) {
  const { content } = servicesOf().studio
  const opened = await content.open(doc)
  if (!opened.ok || !opened.value) throw new Error(`cannot open ${doc}`)
  const saved = await content.save(doc, change(opened.value.value), opened.value.version, 'Ada')
  if (!saved.ok) throw new Error(`not saved: ${saved.error.message}`)
  const published = await content.publish(doc, saved.value.version, 'Ada')
  if (!published.ok || !published.value) throw new Error('not published')
}

const withHeroTitle = (title: string) => (value: Record<string, unknown>) => ({
  ...value,
  'home.hero': { ...(value['home.hero'] as object), title },
})

describe('editions', () => {
  it('override exactly the fields they set', async () => {
    await publish('home-hero', withHeroTitle('Walk into your brand’s own 3D store'))
    const text = await page()
    expect(text).toContain('Walk into your brand’s own 3D store')
    expect(text).not.toContain(hero.title)
    expect(text).toContain(hero.eyebrow)
    expect(text).toContain(hero.text)
    const row = await env.DB.prepare(
      "SELECT published FROM content_documents WHERE doc = 'home-hero'",
    ).first<{
      published: string
    }>()
    expect(JSON.parse(row!.published)).toEqual({ 'home.hero.title': 'Walk into your brand’s own 3D store' })
  })

  it('that no longer fit fall back field by field, with one alert', async () => {
    const webhook = await newWebhook()
    const hooked = { ALERT_WEBHOOK_URL: webhook.url }
    await storeEdition('home-hero', {
      'home.hero.title': '',
      'home.hero.eyebrow': 'A new eyebrow that fits',
      'home.hero.ctas': [],
      'home.hero.removedField': 'from a schema of another deploy',
    })
    for (const visit of [1, 2]) {
      const { body } = await callApp('/', {}, hooked)
      const text = visibleText(body)
      expect(text, `visit ${visit}`).toContain(hero.title)
      expect(text).toContain('A new eyebrow that fits')
      expect(text).toContain(hero.ctas[0]!.label)
    }
    const alerts = await webhook.received()
    expect(alerts).toHaveLength(1)
    expect(alerts[0]).toMatchObject({ event: 'content.invalid' })
    expect(String((alerts[0] as { reason: string }).reason)).toBe(
      'home-hero: home.hero.title, home.hero.ctas, home.hero.removedField',
    )
  })

  it('are checked whole: a part that breaks its schema as a whole shows the repository’s copy', async () => {
    // The list fits as a field of its own kind, but the part needs exactly four testimonials.
    await storeEdition('home-testimonials', { 'home.why.testimonials': home.why.testimonials.slice(0, 3) })
    const text = await page()
    for (const testimonial of home.why.testimonials) expect(text).toContain(testimonial.name)
  })
})

describe('drafts', () => {
  it('a stale save is refused, and nothing is overwritten', async () => {
    const { content } = servicesOf().studio
    const opened = await content.open('home-funding')
    if (!opened.ok || !opened.value) throw new Error('not opened')
    const { value, version } = opened.value
    const funding = value['home.funding'] as typeof home.funding
    const first = await content.save(
      'home-funding',
      { 'home.funding': { ...funding, title: 'First' } },
      version,
      'Ada',
    )
    // The save returns what it wrote: the fields that differ from the repository's copy.
    expect(first).toEqual({
      ok: true,
      value: { version: 1, unscheduled: false, edition: { 'home.funding.title': 'First' } },
    })
    const second = await content.save(
      'home-funding',
      { 'home.funding': { ...funding, title: 'Second' } },
      version,
      'Bob',
    )
    expect(second.ok ? 'saved' : second.error.code).toBe('stale')
    const reopened = await content.open('home-funding')
    expect(reopened.ok && (reopened.value!.value['home.funding'] as { title: string }).title).toBe('First')
    // The live site never changed: saving makes a draft.
    expect(await page()).toContain(home.funding.title)
  })

  it('go live on schedule from the Cron Trigger, at their time and not before', async () => {
    const { content } = servicesOf().studio
    const opened = await content.open('home-hero')
    if (!opened.ok || !opened.value) throw new Error('not opened')
    const saved = await content.save(
      'home-hero',
      withHeroTitle('Scheduled title')(opened.value.value),
      0,
      'Ada',
    )
    if (!saved.ok) throw new Error('not saved')
    const at = Date.now() + 60_000
    expect(await content.schedule('home-hero', new Date(at), saved.value.version, 'Ada')).toEqual({
      ok: true,
      value: true,
    })
    const cron = (time: number) => runScheduledJob('publish', env, time)
    await cron(at - 1000)
    expect(await page()).not.toContain('Scheduled title')
    await cron(at + 1000)
    expect(await page()).toContain('Scheduled title')
    const revision = await env.DB.prepare(
      "SELECT published_by, note FROM content_revisions WHERE doc = 'home-hero'",
    ).first()
    expect(revision).toEqual({ published_by: 'Ada', note: 'scheduled' })
  })
})

describe('after a deploy that took an edition into git', () => {
  it('the daily job drops the fields that equal the new defaults, and the page does not change', async () => {
    // The title was pulled into the repository (it is the default now); the text was not.
    await storeEdition('home-hero', {
      'home.hero.title': hero.title,
      'home.hero.text': 'Text only the studio has.',
    })
    const before = await page()
    expect(before).toContain('Text only the studio has.')
    await runScheduledJob('retention')
    const row = await env.DB.prepare(
      "SELECT published FROM content_documents WHERE doc = 'home-hero'",
    ).first<{
      published: string
    }>()
    expect(JSON.parse(row!.published)).toEqual({ 'home.hero.text': 'Text only the studio has.' })
    await resetIsolate()
    expect(await page()).toBe(before)
  })
})

describe('history', () => {
  it('shows what each publish changed, and a revision restores as a new one', async () => {
    await publish('home-hero', withHeroTitle('First edition'))
    await publish('home-hero', withHeroTitle('Second edition'))
    const { history: contentHistory } = servicesOf().studio
    const history = await contentHistory.of('home-hero')
    if (!history.ok || !history.value) throw new Error('no history')
    expect(history.value.map((r) => r.changes)).toEqual([
      [{ path: 'home.hero.title', before: 'First edition', after: 'Second edition' }],
      [{ path: 'home.hero.title', before: hero.title, after: 'First edition' }],
    ])
    const first = history.value[1]!
    expect(await contentHistory.restore('home-hero', first.id, 'Bob')).toEqual({ ok: true, value: true })
    expect(await page()).toContain('First edition')
    const after = await contentHistory.of('home-hero')
    expect(after.ok && after.value!.map((r) => [r.note, r.publishedBy])).toEqual([
      [`restored revision ${first.id}`, 'Bob'],
      [null, 'Ada'],
      [null, 'Ada'],
    ])
  })
})

describe('the history’s start', () => {
  it('is the repository’s copy, with Restore: after a first publish, the original text comes back', async () => {
    await publish('home-hero', withHeroTitle('A first edition'))
    expect(await page()).toContain('A first edition')
    const history = await adminGet('/admin/content/home-hero/history')
    expect(visibleText(history.body)).toContain('As the site was built')
    const restore = /action="(\/admin\/content\/home-hero\/history\/repository\/restore)"/.exec(history.body)
    const { response } = await adminPost(restore![1]!)
    expect(response.headers.get('Location')).toBe('/admin/content/home-hero/history?notice=restored')
    expect(await page()).toContain(hero.title)
    expect(await page()).not.toContain('A first edition')
    const after = await servicesOf().studio.history.of('home-hero')
    expect(after.ok && after.value!.map((r) => r.note)).toEqual(['reverted', null])
    // A post written in the console has no repository copy to go back to.
    const none = await adminPost('/admin/posts/only-in-the-console/history/repository/restore')
    expect(none.response.headers.get('Location')).toBe(
      '/admin/posts/only-in-the-console/history?notice=missing',
    )
  })
})

describe('freshness', () => {
  it('a publish reaches every page here at once, and an isolate that cached the old stamp within 1 s', async () => {
    expect(await page()).toContain(hero.title)
    expect(await page('/about-us')).toContain('About Us')
    await publish('home-hero', withHeroTitle('Fresh everywhere'))
    expect(await page()).toContain('Fresh everywhere')

    // Another isolate: it rendered / under the old stamp, then someone elsewhere published.
    const stampBefore = await env.DB.prepare('SELECT stamp FROM content_stamp').first<number>('stamp')
    await env.DB.prepare("UPDATE content_documents SET published = ? WHERE doc = 'home-hero'")
      .bind(JSON.stringify({ 'home.hero.title': 'Published elsewhere' }))
      .run()
    await env.DB.prepare('UPDATE content_stamp SET stamp = ?')
      .bind(stampBefore! + 1)
      .run()
    expect(await page()).toContain('Fresh everywhere') // this isolate trusts its stamp for 1 s
    const later = Date.now() + 1_100
    vi.spyOn(Date, 'now').mockReturnValue(later)
    // The location's shared stamp may still say the old one for 30 s; here it is gone, as it would be
    // at a location whose entry expired (or that never had one).
    await (caches as unknown as { default: Cache }).default.delete(
      'https://shared-value.internal/content-stamp',
    )
    expect(await page()).toContain('Published elsewhere')
  })
})
