/**
 * Landing pages the repository holds (src/content/landing, written by `npm run content:pull`):
 * live at their address with no row in D1, listed in the console and holding their address; an
 * edition overrides them field by field; taking one off the site works before any edit; and
 * Restore to the repository's copy shows the file again. The services are built here over a
 * repository page of the test's own, the way the composition root builds them over the real folder.
 */
import { describe, expect, it } from 'vitest'
import { defaultSiteCopy } from '../../../src/content/site-copy'
import { posts } from '../../../src/content/pages/blog'
import { LANDING_TEMPLATES } from '../../../src/content/landing-templates'
import { ContentCache, ContentService, STAMP_TTL } from '../../../src/server/studio/services/content'
import { ContentHistory } from '../../../src/server/studio/services/content-history'
import { PageDesk } from '../../../src/server/studio/services/page-desk'
import { RedirectService, RedirectCache } from '../../../src/server/studio/services/redirects'
import { SharedValue } from '../../../src/server/platform/services/shared-value'
import { ContentStore } from '../../../src/server/studio/storage/content'
import { ContentRevisions } from '../../../src/server/studio/storage/content-revisions'
import { MediaStore } from '../../../src/server/studio/storage/media'
import { RedirectStore } from '../../../src/server/studio/storage/redirects'
import { PostAddresses } from '../../../src/server/studio/storage/post-addresses'
import { env, servicesOf } from '../support'

const REPOSITORY_PAGE = { ...LANDING_TEMPLATES.campaign, slug: 'eyewear-try-on', title: 'Try-on for eyewear' }
const DOC = 'page:eyewear-try-on'

/** The studio's services over the repository's copy and posts and one repository landing page. */
function studio() {
  const defaults = { copy: defaultSiteCopy, posts, pages: [REPOSITORY_PAGE] }
  const stamp = new SharedValue(`content-stamp-${crypto.randomUUID()}`, STAMP_TTL)
  const content = new ContentService(
    new ContentStore(env.DB),
    defaults,
    new ContentCache(stamp),
    servicesOf().platform.alerts,
  )
  const redirects = new RedirectService(new RedirectStore(env.DB), content, new RedirectCache())
  return {
    content,
    desk: new PageDesk(
      new ContentStore(env.DB),
      content,
      redirects,
      defaults.pages,
      new PostAddresses(env.DB),
    ),
    history: new ContentHistory(new ContentRevisions(env.DB), content, new MediaStore(env.DB, env.MEDIA)),
  }
}

const shown = async (content: ContentService) =>
  (await content.current()).pages.find((page) => page.slug === REPOSITORY_PAGE.slug)

describe('a landing page in the repository', () => {
  it('is live, listed and holds its address with nothing in D1', async () => {
    const { content, desk } = studio()
    expect((await shown(content))?.title).toBe('Try-on for eyewear')
    const listed = await desk.list()
    expect(listed.ok && listed.value).toEqual([
      {
        slug: 'eyewear-try-on',
        title: 'Try-on for eyewear',
        status: 'published',
        publishedAt: null,
        scheduledAt: null,
      },
    ])
    const holder = await desk.holderOf('eyewear-try-on')
    expect(holder.ok && holder.value).toEqual({ holder: 'page', title: 'Try-on for eyewear' })
  })

  it('offers "As in the repository" in its history, which a page made in the console has not', () => {
    const { history } = studio()
    expect(history.hasRepositoryCopy(DOC)).toBe(true)
    expect(history.hasRepositoryCopy('page:made-in-the-console')).toBe(false)
  })

  it('is overridden by an edition of the fields changed, and Restore shows the file again', async () => {
    const { content, history } = studio()
    const opened = await content.open(DOC)
    if (!opened.ok || !opened.value) throw new Error('not opened')
    const page = { ...(opened.value.value.page as typeof REPOSITORY_PAGE), title: 'Try-on for every frame' }
    const saved = await content.save(DOC, { page }, 0, 'Ada')
    if (!saved.ok) throw new Error(saved.error.message)
    expect(await content.publish(DOC, saved.value.version, 'Ada')).toEqual({ ok: true, value: true })
    expect((await shown(content))?.title).toBe('Try-on for every frame')
    const row = await env.DB.prepare('SELECT published FROM content_documents WHERE doc = ?')
      .bind(DOC)
      .first<{ published: string }>()
    expect(JSON.parse(row!.published)).toEqual({ 'page.title': 'Try-on for every frame' })

    expect(await history.restoreRepository(DOC, 'Ada')).toEqual({ ok: true, value: true })
    expect((await shown(content))?.title).toBe('Try-on for eyewear')
  })

  it('is taken off the site before any edit: 410 from then on, and out of the pages', async () => {
    const { content, desk } = studio()
    expect(await desk.unpublish('eyewear-try-on', 'Ada')).toEqual({ ok: true, value: true })
    const site = await content.current()
    expect(site.pages.map((page) => page.slug)).not.toContain('eyewear-try-on')
    expect(site.gonePages).toContain('eyewear-try-on')
  })
})
