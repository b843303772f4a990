/**
 * Posts in the studio: a new post is checked as the build checks a file (its frontmatter, raw
 * HTML that can act, the address it takes), and once published it is everywhere a repository
 * post is: the post's page with its JSON-LD, /blog, the home teaser, the feed and the sitemap.
 * A repository post can be edited and reverted to its file; a post taken off the site is gone.
 */
import { describe, expect, it } from 'vitest'
import { posts } from '../../../src/content/pages/blog'
import { PostAddresses } from '../../../src/server/studio/storage/post-addresses'
import {
  ADMIN_COOKIE,
  callApp,
  env,
  openEditor,
  pngOf,
  postEditor,
  SAME_ORIGIN,
  servicesOf,
  uploadForm,
  visibleText,
  OWN_HEAD,
} from '../support'

const NEW = '/admin/posts/new'
const DESCRIPTION = 'How a furniture brand let buyers walk its showroom from a phone, and what it changed.'

/** Uploads one picture to the library and returns its address. */
async function libraryPicture(): Promise<string> {
  const form = uploadForm(await pngOf(1200, 800), 'showroom.png', { alt: 'A showroom' })
  const { response } = await callApp('/admin/media', {
    method: 'POST',
    body: form,
    headers: { Cookie: ADMIN_COOKIE, ...SAME_ORIGIN },
    redirect: 'manual',
  })
  expect(response.status).toBe(303)
  const row = await env.DB.prepare('SELECT id FROM media').first<{ id: string }>()
  return `/media/library/${row!.id}-1200x800.png`
}

/** The new-post form filled in, its cover a picture uploaded now; `changes` overrides any field. */
async function newPostFields(changes: Record<string, string> = {}) {
  const { fields } = await openEditor(NEW)
  return {
    ...fields,
    'post.title': 'A showroom in every pocket',
    'post.slug': 'showroom-in-every-pocket',
    'post.description': DESCRIPTION,
    'post.image.src': await libraryPicture(),
    'post.image.alt': 'A showroom',
    'post.body': 'The first paragraph.\n\n## What changed\n\nBuyers stayed **four minutes** longer.',
    ...changes,
  }
}

describe('a new post', () => {
  it('is refused when a repository post holds its address, with a 409 beside the field', async () => {
    const fields = await newPostFields({ 'post.slug': posts[0]!.slug })
    const { response, body } = await postEditor(NEW, fields)
    expect(response.status).toBe(409)
    expect(visibleText(body)).toContain('Another post has that address. Choose another.')
    expect(body).toContain('value="A showroom in every pocket"')
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM content_documents').first<{ n: number }>()
    expect(rows?.n).toBe(0)
  })

  it('is refused when a page of the site holds its address', async () => {
    const { response, body } = await postEditor(NEW, await newPostFields({ 'post.slug': 'gaming' }))
    expect(response.status).toBe(422)
    expect(visibleText(body)).toContain('that address belongs to another page')
  })

  it('is refused when its Markdown has HTML that can act, naming the line', async () => {
    const body = 'A first line.\n\nA second paragraph.\n<script>alert(1)</script>'
    const answer = await postEditor(NEW, await newPostFields({ 'post.body': body }))
    expect(answer.response.status).toBe(422)
    expect(visibleText(answer.body)).toMatch(/line 4/i)
    expect(answer.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('U9: is refused when an inline tag is left open or closes nothing, naming its line', async () => {
    const body = 'A first line.\n\nPress <kbd>Enter</kbd> twice.\nThen <strong>stop\n\nThe end.</em>'
    const answer = await postEditor(NEW, await newPostFields({ 'post.body': body }))
    expect(answer.response.status).toBe(422)
    const text = visibleText(answer.body)
    expect(text).toMatch(/line 4\b[^]*<strong> is not closed/i)
    expect(text).toMatch(/line 6\b[^]*<\/em> closes nothing/i)
    expect(text).not.toMatch(/<kbd> is not closed|<\/kbd> closes/)
  })

  it('is refused when text after an inline <kbd> holds a form posting to the console, and no form reaches a page', async () => {
    const form =
      '<form/action=/admin/team/admins/x/role/method=post><input/name=role/value=admin><button>Go</button></form>'
    const body = `A first line.\n\nPress <kbd>Enter</kbd> ${form}`
    const answer = await postEditor(NEW, await newPostFields({ 'post.body': body }), 'publish')
    expect(answer.response.status).toBe(422)
    expect(visibleText(answer.body)).toMatch(/line 3/i)
    const page = await callApp('/showroom-in-every-pocket')
    expect(page.response.status).toBe(404)
    expect(page.body).not.toMatch(/<(form|input|meta)\b[^>]*(role|admin\/team)/i)
  })

  it('once published is on its page with JSON-LD, /blog, the feed, the sitemap, and the home teaser’s choice', async () => {
    const fields = await newPostFields()
    const cover = fields['post.image.src']
    const created = await postEditor(NEW, fields)
    expect(created.response.status).toBe(303)
    const editor = created.response.headers.get('Location')!.split('?')[0]!
    expect(editor).toBe('/admin/posts/showroom-in-every-pocket')
    expect((await callApp('/showroom-in-every-pocket')).response.status).toBe(404)

    const draft = await openEditor(editor)
    expect((await postEditor(editor, draft.fields, 'publish')).response.status).toBe(303)

    const page = await callApp('/showroom-in-every-pocket')
    expect(page.response.status).toBe(200)
    expect(visibleText(page.body)).toContain('Buyers stayed four minutes longer.')
    expect(page.body).toContain('"@type":"BlogPosting"')
    expect(page.body).toContain('"headline":"A showroom in every pocket"')
    expect(page.body).toContain(cover.replace(/-1200x800\.png$/, '/'))
    expect(visibleText((await callApp('/blog')).body)).toContain('A showroom in every pocket')
    expect((await callApp('/rss.xml')).body).toContain('/showroom-in-every-pocket</link>')
    expect((await callApp('/sitemap.xml')).body).toContain('/showroom-in-every-pocket</loc>')

    // The home page's teaser is chosen by hand: the new post is one of its choices.
    const teaser = await openEditor('/admin/content/home-blog')
    expect(teaser.body).toContain('<option value="showroom-in-every-pocket"')
    await postEditor(
      '/admin/content/home-blog',
      { ...teaser.fields, 'home.blog.cards.0.post': 'showroom-in-every-pocket' },
      'publish',
    )
    expect(visibleText((await callApp('/')).body)).toContain('A showroom in every pocket')
  })

  it('taken off the site, once the question is answered, is gone from its page and the blog, and kept in the console', async () => {
    const created = await postEditor(NEW, await newPostFields())
    const editor = created.response.headers.get('Location')!.split('?')[0]!
    const { fields, body } = await openEditor(editor)
    await postEditor(editor, fields, 'publish')
    expect((await callApp('/showroom-in-every-pocket')).response.status).toBe(200)
    const takeOff = (form: Record<string, string>) =>
      callApp(`${editor}/unpublish`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams(form).toString(),
        headers: {
          Cookie: ADMIN_COOKIE,
          ...SAME_ORIGIN,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
      })

    // The editor's button asks first (a GET form: no JavaScript needed, nothing changes yet)…
    expect((await openEditor(editor)).body).toContain(`<form action="${editor}/unpublish" method="get">`)
    expect(body).not.toContain(`action="${editor}/unpublish" method="post"`)
    const asked = await callApp(`${editor}/unpublish`, { headers: { Cookie: ADMIN_COOKIE } })
    expect(asked.response.status).toBe(200)
    const question = visibleText(asked.body)
    expect(question).toContain('Take this post off the site?')
    expect(question).toContain('Visitors who open /showroom-in-every-pocket will see that the post is gone')
    expect(question).toContain('Take it off the site Keep it on the site')
    expect(asked.body).not.toContain('name="to"')
    // …and a post that did not answer it (an old form, a replay) takes nothing off: it is asked again.
    const unanswered = await takeOff({})
    expect(unanswered.response.status).toBe(303)
    expect(unanswered.response.headers.get('Location')).toBe(`${editor}/unpublish`)
    expect((await callApp('/showroom-in-every-pocket')).response.status).toBe(200)

    const off = await takeOff({ confirm: 'yes' })
    expect(off.response.status).toBe(303)
    expect(off.response.headers.get('Location')).toBe(`${editor}?notice=unpublished`)
    expect((await callApp('/showroom-in-every-pocket')).response.status).toBe(404)
    expect(visibleText((await callApp('/blog')).body)).not.toContain('A showroom in every pocket')
    const listed = visibleText((await callApp('/admin/posts', { headers: { Cookie: ADMIN_COOKIE } })).body)
    expect(listed).toMatch(/A showroom in every pocket\s*Taken off the site/)
  })
})

describe('a repository post', () => {
  const post = posts[0]!
  const editor = `/admin/posts/${post.slug}`

  it('edited here wins over its file, and Revert shows the file again', async () => {
    const { response, fields } = await openEditor(editor)
    expect(response.status).toBe(200)
    expect(fields['post.title']).toBe(post.title)
    await postEditor(editor, { ...fields, 'post.title': 'Edited in the console' }, 'publish')
    expect(visibleText((await callApp(`/${post.slug}`)).body)).toContain('Edited in the console')
    expect((await callApp('/rss.xml')).body).toContain('<title>Edited in the console</title>')

    const reverted = await callApp(`${editor}/revert`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: ADMIN_COOKIE, ...SAME_ORIGIN },
    })
    expect(reverted.response.status).toBe(303)
    const page = visibleText((await callApp(`/${post.slug}`)).body)
    expect(page).toContain(post.title)
    expect(page).not.toContain('Edited in the console')
    const history = visibleText(
      (await callApp(`${editor}/history`, { headers: { Cookie: ADMIN_COOKIE } })).body,
    )
    expect(history).toContain('Edited in the console')
  })
})

describe('moving a post to a new address', () => {
  /** Posts the post page's Move form. */
  const move = (editor: string, slug: string) =>
    callApp(`${editor}/address`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: ADMIN_COOKIE, ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ slug }).toString(),
    })

  it('takes a published post and its history there, and its old address answers 301 to the new one', async () => {
    const created = await postEditor(NEW, await newPostFields())
    const editor = created.response.headers.get('Location')!.split('?')[0]!
    const { fields, body } = await openEditor(editor)
    expect(visibleText(body)).toContain('New address')
    await postEditor(editor, fields, 'publish')
    // A campaign link already sends visitors to the post's address.
    const rule = await callApp('/admin/redirects', {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: ADMIN_COOKIE, ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        from: '/spring-offer',
        to: '/showroom-in-every-pocket',
        status: '301',
      }).toString(),
    })
    expect(rule.response.status).toBe(303)

    const moved = await move(editor, 'showrooms-in-pockets')
    expect(moved.response.status).toBe(303)
    expect(moved.response.headers.get('Location')).toBe('/admin/posts/showrooms-in-pockets?notice=moved')
    const notice = visibleText((await openEditor('/admin/posts/showrooms-in-pockets?notice=moved')).body)
    expect(notice).toContain('Its old address sends visitors here')

    const page = await callApp('/showrooms-in-pockets')
    expect(page.response.status).toBe(200)
    expect(visibleText(page.body)).toContain('Buyers stayed four minutes longer.')
    const old = await callApp('/showroom-in-every-pocket', { redirect: 'manual' })
    expect(old.response.status).toBe(301)
    expect(old.response.headers.get('Location')).toBe('/showrooms-in-pockets')
    // Re-pointed, not chained: one hop from the campaign link.
    const campaign = await callApp('/spring-offer', { redirect: 'manual' })
    expect(campaign.response.headers.get('Location')).toBe('/showrooms-in-pockets')
    expect((await callApp('/sitemap.xml')).body).toContain('/showrooms-in-pockets</loc>')
    expect((await callApp('/sitemap.xml')).body).not.toContain('/showroom-in-every-pocket</loc>')

    // The history came along, each version under its new address, and the old editor is gone.
    const history = await callApp('/admin/posts/showrooms-in-pockets/history', {
      headers: { Cookie: ADMIN_COOKIE },
    })
    expect(history.response.status).toBe(200)
    const editions = await env.DB.prepare('SELECT doc, edition FROM content_revisions').all<{
      doc: string
      edition: string
    }>()
    expect(editions.results.map((row) => row.doc)).toEqual(['post:showrooms-in-pockets'])
    expect(JSON.parse(editions.results[0]!.edition).post.slug).toBe('showrooms-in-pockets')
    expect((await openEditor(editor)).response.status).toBe(404)
    const activity = visibleText(
      (await callApp('/admin/activity', { headers: { Cookie: ADMIN_COOKIE } })).body,
    )
    expect(activity).toContain('Moved a post to a new address')
  })

  it('needs no redirect for a draft, and refuses a taken or malformed address or a repository post, in words', async () => {
    const created = await postEditor(NEW, await newPostFields())
    const editor = created.response.headers.get('Location')!.split('?')[0]!
    const notice = async (answer: Awaited<ReturnType<typeof move>>) =>
      visibleText((await openEditor(answer.response.headers.get('Location')!)).body)

    const taken = await move(editor, posts[0]!.slug)
    expect(taken.response.headers.get('Location')).toBe(`${editor}?notice=moveTaken`)
    expect(await notice(taken)).toContain('Another post has that address.')
    const malformed = await move(editor, 'Not An Address')
    expect(await notice(malformed)).toContain('lowercase letters, digits and hyphens')
    expect(await notice(await move(editor, 'about-us'))).toContain('not one of the site’s own pages')
    const repository = await move(`/admin/posts/${posts[0]!.slug}`, 'elsewhere')
    expect(await notice(repository)).toContain('keeps the address of its file')
    expect(await openEditor(`/admin/posts/${posts[0]!.slug}`)).not.toHaveProperty(
      'body',
      expect.stringContaining('New address'),
    )

    const drafted = await move(editor, 'a-better-address')
    expect(drafted.response.headers.get('Location')).toBe('/admin/posts/a-better-address?notice=movedDraft')
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM redirects').first('n')).toBe(0)
    expect((await callApp('/showroom-in-every-pocket', { redirect: 'manual' })).response.status).toBe(404)
  })
})

describe('U7: one address space for posts and landing pages', () => {
  const form = (path: string, fields: Record<string, string>) =>
    callApp(path, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: ADMIN_COOKIE, ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    })
  const CAMPAIGN = `The landing page “${OWN_HEAD['page.title']}” has that address. Choose another.`

  /** The campaign page, published at /nrf-2027. */
  async function livePage() {
    expect((await form('/admin/pages/new', { slug: 'nrf-2027', start: 'campaign' })).response.status).toBe(
      303,
    )
    const { fields } = await openEditor('/admin/pages/nrf-2027')
    const published = await postEditor('/admin/pages/nrf-2027', { ...fields, ...OWN_HEAD }, 'publish')
    expect(published.response.headers.get('Location')).toBe('/admin/pages/nrf-2027?notice=published')
    expect(visibleText((await callApp('/nrf-2027')).body)).toContain(OWN_HEAD['page.title'])
  }

  it('U7: a post is refused at a live landing page’s address, made there or moved there, in words', async () => {
    await livePage()
    const made = await postEditor(NEW, await newPostFields({ 'post.slug': 'nrf-2027' }))
    expect(made.response.status).toBe(409)
    expect(visibleText(made.body)).toContain(CAMPAIGN)
    expect(made.body).toContain('value="A showroom in every pocket"')

    const created = await postEditor(NEW, await newPostFields())
    const editor = created.response.headers.get('Location')!.split('?')[0]!
    const moved = await form(`${editor}/address`, { slug: 'nrf-2027' })
    expect(moved.response.headers.get('Location')).toBe(`${editor}?notice=moveTakenPage`)
    expect(visibleText((await openEditor(moved.response.headers.get('Location')!)).body)).toContain(
      'A landing page has that address. Choose another.',
    )
    const docs = await env.DB.prepare("SELECT doc FROM content_documents WHERE doc LIKE '%nrf-2027'").all()
    expect(docs.results.map((row) => row.doc)).toEqual(['page:nrf-2027'])
    expect(visibleText((await callApp('/nrf-2027')).body)).toContain(OWN_HEAD['page.title'])
    // The site's own pages stay refused, as before.
    const fixed = await postEditor(NEW, await newPostFields({ 'post.slug': 'about-us' }))
    expect(fixed.response.status).toBe(422)
    expect(visibleText(fixed.body)).toContain('that address belongs to another page')
  })

  it('U7: a landing page is refused at a post’s address, and the save itself refuses what a check before it missed', async () => {
    const created = await postEditor(NEW, await newPostFields())
    expect(created.response.status).toBe(303)
    const page = await form('/admin/pages/new', { slug: 'showroom-in-every-pocket', start: 'campaign' })
    expect(page.response.status).toBe(409)
    expect(visibleText(page.body)).toContain('The post “A showroom in every pocket” has that address.')

    // A race: the other document's row appears between a desk's check and its save. The save's own
    // statement refuses it, whichever kind comes second, and so does a move.
    const { content } = servicesOf().studio
    await livePage()
    const draftOf = async (doc: string) => {
      const opened = await content.open(doc)
      if (!opened.ok || !opened.value) throw new Error(`${doc} not opened`)
      return opened.value.value as Record<string, Record<string, unknown>>
    }
    const pageDraft = await draftOf('page:nrf-2027')
    const pageThere = { page: { ...pageDraft.page, slug: 'showroom-in-every-pocket' } }
    expect((await content.save('page:showroom-in-every-pocket', pageThere, 0, 'Ada')).ok).toBe(false)
    const postDraft = await draftOf('post:showroom-in-every-pocket')
    const postThere = { post: { ...postDraft.post, slug: 'nrf-2027' } }
    expect((await content.save('post:nrf-2027', postThere, 0, 'Ada')).ok).toBe(false)
    const movedRaw = await new PostAddresses(env.DB).move({
      fromDoc: 'post:showroom-in-every-pocket',
      toDoc: 'post:nrf-2027',
      slug: 'nrf-2027',
      redirect: null,
      by: 'Ada',
      at: new Date().toISOString(),
    })
    expect(movedRaw).toEqual({ ok: true, value: false })
    const docs = await env.DB.prepare('SELECT doc FROM content_documents ORDER BY doc').all()
    expect(docs.results.map((row) => row.doc)).toEqual(['page:nrf-2027', 'post:showroom-in-every-pocket'])
  })
})
