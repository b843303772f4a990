/**
 * A post's German edition (docs/locales.md, "Which pages are in which locale"), as marketing and
 * visitors meet it: "Add a German version" on the post's editor opens the side-by-side translation
 * editor; published, the post is at /de/<slug> in German with reciprocal hreflang, on /de/blog and
 * in the German feed, while English's feed, row and history stay as they were; unpublished, /de/<slug>
 * is a 404 that no page names; a changed English body marks the German outdated; a translator saves
 * but never publishes.
 */
import { describe, expect, it } from 'vitest'
import englishFeed from '../site/fixtures/rss-en.xml?raw'
import { machineWords, workersAiStandIn } from '../support/workers-ai'
import {
  adminGet,
  adminPost,
  callApp,
  env,
  openEditor,
  ORIGIN,
  postEditor,
  servicesOf,
  sessionAs,
  visibleText,
} from '../support'

const EDITOR = '/admin/posts/blog-1@de'
const GERMAN = {
  't.post.title': 'XR-Store: Informationen und Vorteile',
  't.post.description':
    'Was ein XR-Store ist, wie Käufer ihn im Browser oder mit Headset nutzen, und welche Vorteile Marken sehen.',
  // The pictures' alt text is in the Markdown: translated with the text.
  't.post.body': [
    'Ein XR-Store ist ein Onlineshop, der als Ort gebaut ist, nicht als Seite.',
    '![Ein Produkt in 3D im Laden](/media/blog/product-in-3d.jpg)',
    '## Warum Marken einen eröffnen',
    'Die Vorteile zeigen sich in den Zahlen.',
  ].join('\n\n'),
}
const DONE = Object.fromEntries(Object.keys(GERMAN).map((name) => [`s.${name.slice(2)}`, 'done']))

/** The German edition's row, as D1 holds it. */
const germanRow = () =>
  env.DB.prepare("SELECT published, draft FROM content_documents WHERE doc = 'post:blog-1@de'").first<{
    published: string | null
    draft: string | null
  }>()

/** Saves the German words in the translation editor (as `cookie`), and publishes them when asked. */
async function writeGerman({
  publish = false,
  cookie,
  at = EDITOR,
}: { publish?: boolean; cookie?: string; at?: string } = {}) {
  const editor = await openEditor(at, cookie)
  expect(editor.response.status).toBe(200)
  const fields = { ...editor.fields, ...GERMAN, ...DONE }
  const answer = await postEditor(
    publish ? `${at}/publish` : at,
    fields,
    publish ? 'publish' : 'save',
    cookie,
  )
  expect(answer.response.status).toBe(303)
}

const hreflangs = (body: string) =>
  [...body.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]])

describe('a post’s German edition', () => {
  it('is added from the post’s editor, and is nowhere on the site until it is published', async () => {
    const english = await openEditor('/admin/posts/blog-1')
    const link = /<a href="([^"]+)" class="text-link">Add a German version<\/a>/.exec(english.body)
    expect(link?.[1]).toBe(EDITOR)
    const editor = await openEditor(EDITOR)
    const text = visibleText(editor.body)
    expect(text).toContain('German: XR Store: Information and Benefits')
    expect(text).toContain('Missing')
    expect(text).toContain('German: 0 % done')

    await writeGerman()
    expect(JSON.parse((await germanRow())!.draft!)).toMatchObject({ 'post.title': GERMAN['t.post.title'] })
    expect((await callApp('/de/blog-1')).response.status).toBe(404)
    const englishPage = await callApp('/blog-1')
    expect(englishPage.body).not.toContain('/de/blog-1')
    expect(hreflangs(englishPage.body)).toEqual([])
    expect((await callApp('/sitemap.xml')).body).not.toContain('/de/blog-1')
    expect((await callApp('/de/rss.xml')).body).not.toContain('<item>')
    expect((await callApp('/de/blog')).body).not.toContain('href="/de/blog-1"')
    // The English post's editor now opens the version begun.
    expect((await openEditor('/admin/posts/blog-1')).body).toContain('Open the German version')
  })

  it('published, is at /de/<slug> in German, each version naming the other, on /de/blog, in the sitemap', async () => {
    // The English post cached before: it names its German version as soon as that is published.
    const before = await callApp('/blog-1')
    await before.settled
    expect((await callApp('/blog-1')).response.headers.get('X-Page-Cache')).toBe('hit')
    await writeGerman({ publish: true })
    const page = await callApp('/de/blog-1')
    expect(page.response.status).toBe(200)
    expect(page.body).toContain('<html lang="de"')
    const text = visibleText(page.body)
    expect(text).toContain(GERMAN['t.post.title'])
    expect(text).toContain('Die Vorteile zeigen sich in den Zahlen.')
    expect(text).toContain('Min. Lesezeit')
    expect(page.body).toContain('alt="Ein Produkt in 3D im Laden"')
    expect(page.body).toContain(`<link rel="canonical" href="${ORIGIN}/de/blog-1"/>`)
    const versions = [
      ['en', `${ORIGIN}/blog-1`],
      ['de', `${ORIGIN}/de/blog-1`],
      ['x-default', `${ORIGIN}/blog-1`],
    ]
    expect(hreflangs(page.body)).toEqual(versions)
    const english = await callApp('/blog-1')
    expect(hreflangs(english.body)).toEqual(versions)
    expect(visibleText(english.body)).toContain('XR Store: Information and Benefits')
    const jsonLd = JSON.parse(
      /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(page.body)![1]!,
    )
    expect(jsonLd).toMatchObject({ '@type': 'BlogPosting', inLanguage: 'de', url: `${ORIGIN}/de/blog-1` })
    // The switcher offers the English post, and the English post the German one.
    expect(page.body).toContain(
      '<a href="/blog-1" hrefLang="en" lang="en" class="languages-link">English</a>',
    )
    expect(english.body).toContain(
      '<a href="/de/blog-1" hrefLang="de" lang="de" class="languages-link">Deutsch</a>',
    )

    const blog = await callApp('/de/blog')
    const cards = [...blog.body.matchAll(/<li class="[^"]*post-card[^"]*">([\s\S]*?)<\/li>/g)].map(
      (m) => m[1]!,
    )
    const first = cards.find((card) => card.includes('/de/blog-1'))!
    expect(visibleText(first)).toContain(GERMAN['t.post.title'])
    expect(visibleText(first)).toContain('10. März 2025')
    expect(visibleText(first)).not.toContain('Auf Englisch')
    const other = cards.find((card) => card.includes('href="/blog-2"'))!
    expect(visibleText(other)).toContain('Auf Englisch')
    expect(other).toContain('<h2 lang="en">')

    // The German home's blog teaser shows and links the German edition; the other posts stay English, marked so.
    const home = (await callApp('/de/')).body
    expect(home).toMatch(
      new RegExp(`<a href="/de/blog-1" class="stretched-link">${GERMAN['t.post.title']}</a>`),
    )
    expect(home).toMatch(
      /<p class="post-date">Auf Englisch<\/p><h3 lang="en"><a href="\/blog-2" class="stretched-link" hrefLang="en">/,
    )
    expect((await callApp('/')).body).toMatch(/<h3><a href="\/blog-1" class="stretched-link">/)

    const sitemap = (await callApp('/sitemap.xml')).body
    expect(sitemap).toContain(
      `<url><loc>${ORIGIN}/de/blog-1</loc><lastmod>2025-03-10</lastmod><xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/blog-1"/>`,
    )
    expect(sitemap).not.toContain('/de/blog-2')
  })

  it('the German feed lists only German editions; the English feed is byte for byte what it was', async () => {
    const before = (await callApp('/rss.xml')).body
    expect(before.replaceAll(ORIGIN, 'https://shop.example.org')).toBe(englishFeed)
    await writeGerman({ publish: true })
    const feed = await callApp('/de/rss.xml')
    expect(feed.response.status).toBe(200)
    expect(feed.response.headers.get('Content-Type')).toBe('application/rss+xml; charset=utf-8')
    expect(feed.body).toContain('<language>de</language>')
    expect(feed.body).toContain(`<link>${ORIGIN}/de/blog</link>`)
    const items = [...feed.body.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!)
    expect(items).toHaveLength(1)
    expect(items[0]).toContain(`<title>${GERMAN['t.post.title']}</title>`)
    expect(items[0]).toContain(`<link>${ORIGIN}/de/blog-1</link>`)
    expect((await callApp('/rss.xml')).body).toBe(before)
    // German pages link their feed, naming its language; English pages the English one, as before.
    const german = (await callApp('/de/about-us')).body
    // A full address: a link naming its language must give one (Lighthouse's hreflang audit).
    expect(german).toMatch(
      new RegExp(
        `<link rel="alternate" type="application/rss\\+xml" title="[^"]+" href="${ORIGIN}/de/rss.xml" hrefLang="de"/>`,
      ),
    )
    expect((await callApp('/about-us')).body).toContain(
      '<link rel="alternate" type="application/rss+xml" title="XR Stores blog" href="/rss.xml"/>',
    )
  })

  it('publishing German leaves the English post’s row, history and other cached pages as they were', async () => {
    const englishRows = () =>
      env.DB.prepare("SELECT count(*) AS n FROM content_documents WHERE doc = 'post:blog-1'").first('n')
    const revisions = () =>
      env.DB.prepare("SELECT count(*) AS n FROM content_revisions WHERE doc = 'post:blog-1'").first('n')
    const cached = async (path: string) => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const { response, settled } = await callApp(path)
        await settled
        if (response.headers.get('X-Page-Cache') === 'hit') return true
      }
      return false
    }
    expect(await cached('/blog-2')).toBe(true)
    await writeGerman({ publish: true })
    expect([await englishRows(), await revisions()]).toEqual([0, 0])
    expect((await callApp('/blog-2')).response.headers.get('X-Page-Cache')).toBe('hit')
  })

  it('reads outdated when the English body changes, with the old English beside the new', async () => {
    await writeGerman({ publish: true })
    const { content } = servicesOf().studio
    const opened = await content.open('post:blog-1')
    if (!opened.ok || !opened.value) throw new Error('cannot open post:blog-1')
    const post = opened.value.value.post as { body: string }
    const value = { post: { ...post, body: `${post.body}\n\nA new closing line.` } }
    const saved = await content.save('post:blog-1', value, opened.value.version, 'Ada')
    if (!saved.ok) throw new Error(saved.error.message)
    expect((await content.publish('post:blog-1', saved.value.version, 'Ada')).ok).toBe(true)
    const editor = await openEditor(EDITOR)
    const rows = [...editor.body.matchAll(/<fieldset[^>]*translation-outdated[\s\S]*?<\/fieldset>/g)].map(
      (m) => visibleText(m[0]),
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toContain('Outdated: the English text changed')
    expect(rows[0]).toContain('A new closing line.')
    expect(visibleText(editor.body)).toContain('German: 66 % done')
  })

  it('a translator of German saves the German post and previews it, but never publishes it', async () => {
    const cookie = await sessionAs('translator')
    const list = await adminGet('/admin/content', {}, cookie)
    await writeGerman({ cookie })
    const listed = visibleText((await adminGet('/admin/content', {}, cookie)).body)
    expect(visibleText(list.body)).not.toContain('XR Store: Information and Benefits (German post)')
    expect(listed).toContain('XR Store: Information and Benefits (German post)')
    const preview = await adminGet(`${EDITOR}/preview`, {}, cookie)
    expect(preview.response.status).toBe(200)
    expect(preview.body).toContain('<html lang="de"')
    expect(visibleText(preview.body)).toContain(GERMAN['t.post.title'])

    const editor = await openEditor(EDITOR, cookie)
    expect(visibleText(editor.body)).not.toContain('Publish German')
    const refused = await postEditor(`${EDITOR}/publish`, editor.fields, 'publish', cookie)
    expect(refused.response.status).toBe(403)
    expect((await germanRow())?.published ?? null).toBeNull()
    expect((await callApp('/de/blog-1')).response.status).toBe(404)
    expect((await openEditor('/admin/posts/blog-1', cookie)).response.status).toBe(403)
  })

  it('Suggest fills the German post from Workers AI as machine translations, as for the site copy', async () => {
    const ai = workersAiStandIn()
    const editor = await openEditor(EDITOR)
    const posted = await adminPost(
      `${EDITOR}/suggest`,
      { ...editor.fields, _op: 'suggest' },
      { overrides: ai.overrides },
    )
    expect(posted.response.status).toBe(303)
    const [request] = ai.received
    expect(Object.keys(request!.inputs.response_format.json_schema.properties).sort()).toEqual([
      'post.body',
      'post.description',
      'post.title',
    ])
    const draft = JSON.parse((await germanRow())!.draft!)
    expect(draft['post.title']).toBe(machineWords('XR Store: Information and Benefits'))
    expect(visibleText((await openEditor(EDITOR)).body)).toContain('Machine translation')
  })

  it('History’s first Restore takes the German version off the site again; the English stays', async () => {
    await writeGerman({ publish: true })
    expect((await callApp('/de/blog-1')).response.status).toBe(200)
    const history = await adminGet(`${EDITOR}/history`)
    expect(history.response.status).toBe(200)
    const restored = await adminPost(`${EDITOR}/history/repository/restore`, {})
    expect(restored.response.status).toBe(303)
    expect((await callApp('/de/blog-1')).response.status).toBe(404)
    expect(hreflangs((await callApp('/blog-1')).body)).toEqual([])
    expect((await callApp('/blog-1')).response.status).toBe(200)
  })

  it('goes with its English post: taken off the site, both answer 404 and the German feed is empty', async () => {
    await writeGerman({ publish: true })
    const off = await adminPost('/admin/posts/blog-1/unpublish', { confirm: 'yes' })
    expect(off.response.status).toBe(303)
    expect((await callApp('/blog-1')).response.status).toBe(404)
    expect((await callApp('/de/blog-1')).response.status).toBe(404)
    expect((await callApp('/de/rss.xml')).body).not.toContain('<item>')
    expect((await callApp('/sitemap.xml')).body).not.toContain('/de/blog-1')
    expect((await openEditor('/admin/posts/blog-1')).body).not.toContain('German version')
  })

  it('moves with its console post to the new address, history and statuses too', async () => {
    const { content } = servicesOf().studio
    const english = await content.open('post:blog-1')
    const source = (english.ok && english.value!.value.post) as Record<string, unknown>
    const post = { ...source, slug: 'pocket-showroom', title: 'A showroom in every pocket' }
    const saved = await content.save('post:pocket-showroom', { post }, 0, 'Ada')
    if (!saved.ok) throw new Error(saved.error.message)
    expect((await content.publish('post:pocket-showroom', saved.value.version, 'Ada')).ok).toBe(true)
    await writeGerman({ publish: true, at: '/admin/posts/pocket-showroom@de' })
    expect((await callApp('/de/pocket-showroom')).response.status).toBe(200)

    const moved = await adminPost('/admin/posts/pocket-showroom/address', { slug: 'pocket-showrooms' })
    expect(moved.response.status).toBe(303)
    expect((await callApp('/de/pocket-showroom')).response.status).toBe(404)
    const page = await callApp('/de/pocket-showrooms')
    expect(page.response.status).toBe(200)
    expect(visibleText(page.body)).toContain(GERMAN['t.post.title'])
    const editor = await openEditor('/admin/posts/pocket-showrooms@de')
    expect(visibleText(editor.body)).toContain('German: 100 % done')
    const docs = await env.DB.prepare(
      "SELECT DISTINCT doc FROM content_revisions WHERE doc LIKE '%pocket%' ORDER BY doc",
    ).all<{ doc: string }>()
    expect(docs.results.map((row) => row.doc)).toEqual(['post:pocket-showrooms', 'post:pocket-showrooms@de'])
  })
})
