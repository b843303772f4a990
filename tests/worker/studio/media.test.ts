/**
 * The media library: an upload is refused, in words, when it is not a picture by its bytes, is
 * larger than 25 MB, cannot be decoded, or has no alt text; a picture's variants are made once
 * (by the Images binding, then kept in R2) and served immutable; a page shows a library picture
 * with the build's <picture>, srcset, sizes, width and height; and a picture a published page
 * shows cannot be deleted, the refusal naming the page.
 */
import { describe, expect, it } from 'vitest'
import {
  ADMIN_COOKIE,
  brokenPng,
  callApp,
  CAMERA_SECRETS,
  jpegWithMetadata,
  pngWithMetadata,
  env,
  openEditor,
  pngOf,
  postEditor,
  SAME_ORIGIN,
  servicesOf,
  uploadForm,
  visibleText,
} from '../support'

const upload = (form: FormData, overrides = {}) =>
  callApp(
    '/admin/media',
    { method: 'POST', body: form, headers: { Cookie: ADMIN_COOKIE, ...SAME_ORIGIN }, redirect: 'manual' },
    overrides,
  )

/** The one picture the library holds after an upload. */
async function onlyPicture() {
  const listed = await servicesOf().studio.media.list()
  if (!listed.ok) throw new Error(listed.error.message)
  expect(listed.value).toHaveLength(1)
  const item = listed.value[0]!
  return { ...item, path: `/media/library/${item.id}-${item.width}x${item.height}.png` }
}

describe('uploads', () => {
  it('takes a PNG with its alt text: the original in R2, its size and alt in D1, and the activity', async () => {
    const { response } = await upload(
      uploadForm(await pngOf(1600, 900), 'shop-floor.png', { alt: 'A shop floor' }),
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/admin/media?notice=uploaded')
    const picture = await onlyPicture()
    expect(picture).toMatchObject({
      width: 1600,
      height: 900,
      type: 'image/png',
      alt: 'A shop floor',
      name: 'shop-floor.png',
    })
    expect(await env.MEDIA.head(`originals/${picture.id}`)).not.toBeNull()
    const page = await callApp('/admin/media', { headers: { Cookie: ADMIN_COOKIE } })
    expect(visibleText(page.body)).toContain('shop-floor.png')
    expect(page.body).toContain(picture.path)
    const activity = await env.DB.prepare(
      "SELECT subject FROM activity WHERE action = 'media-uploaded'",
    ).first()
    expect(activity).toEqual({ subject: picture.id })
  })

  it.each([
    [
      'text named .jpg',
      () => new TextEncoder().encode('just some words, not a picture'),
      'photo.jpg',
      415,
      'is not a JPEG, PNG, WebP or AVIF',
    ],
    [
      'an SVG',
      () => new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'logo.png',
      415,
      'is not a JPEG, PNG, WebP or AVIF',
    ],
    ['a PNG that fails to decode', brokenPng, 'broken.png', 422, 'could not be read: it may be damaged'],
  ])('refuses %s, in words, keeping the alt text', async (_name, bytes, name, status, words) => {
    const { response, body } = await upload(uploadForm(await bytes(), name, { alt: 'Kept alt text' }))
    expect(response.status).toBe(status)
    expect(visibleText(body)).toContain(words)
    expect(body).toContain('value="Kept alt text"')
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM media').first())!.n).toBe(0)
  })

  it.each([
    [
      'a PNG with a text chunk and an eXIf chunk',
      async () => pngWithMetadata(await pngOf(320, 240)),
      'map.png',
    ],
    ['a JPEG with an Exif segment', () => jpegWithMetadata(env.IMAGES, 320, 240), 'phone.jpg'],
  ])('keeps %s without its metadata: no place or camera reaches a visitor', async (_name, bytes, name) => {
    const file = await bytes()
    const text = (data: Uint8Array) => new TextDecoder('latin1').decode(data)
    for (const secret of CAMERA_SECRETS) expect(text(file)).toContain(secret)
    const { response } = await upload(uploadForm(file, name, { alt: 'A shop at night' }))
    expect(response.headers.get('Location')).toBe('/admin/media?notice=uploaded')
    const listed = await servicesOf().studio.media.list()
    const picture = listed.ok ? listed.value[0]! : undefined
    expect(picture).toMatchObject({ width: 320, height: 240 })
    const ext = name.split('.').pop()
    const served = await callApp(`/media/library/${picture!.id}-320x240.${ext}`)
    expect(served.response.status).toBe(200)
    const stored = new Uint8Array(await (await env.MEDIA.get(`originals/${picture!.id}`))!.arrayBuffer())
    for (const secret of CAMERA_SECRETS) {
      expect(served.body).not.toContain(secret)
      expect(text(stored)).not.toContain(secret)
    }
    expect(picture!.bytes).toBe(stored.byteLength)
  })

  it('refuses a file over 25 MB before reading it, with a 413 that says how to fix it', async () => {
    const big = new Uint8Array(25 * 1024 * 1024 + 1)
    big.set([0xff, 0xd8, 0xff])
    const { response, body } = await upload(uploadForm(big, 'huge.jpg', { alt: 'Huge' }))
    expect(response.status).toBe(413)
    expect(visibleText(body)).toContain('larger than 25 MB')
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM media').first())!.n).toBe(0)
  })

  it('asks for alt text unless the picture is marked decorative', async () => {
    const png = await pngOf(64, 48)
    const refused = await upload(uploadForm(png, 'a.png'))
    expect(refused.response.status).toBe(400)
    expect(visibleText(refused.body)).toContain('Say what the picture shows')
    const decorative = await upload(uploadForm(png, 'a.png', { decorative: 'yes' }))
    expect(decorative.response.status).toBe(303)
    expect(await onlyPicture()).toMatchObject({ alt: '', decorative: true })
  })
})

describe('variants', () => {
  it('are made once by the Images binding, kept in R2, and served immutable', async () => {
    await upload(uploadForm(await pngOf(1600, 900), 'wide.png', { alt: 'Wide' }))
    const { id } = await onlyPicture()
    let made = 0
    const counting = {
      ...env,
      IMAGES: {
        info: (stream: ReadableStream<Uint8Array>) => env.IMAGES.info(stream),
        input: (stream: ReadableStream<Uint8Array>) => {
          made++
          return env.IMAGES.input(stream)
        },
      } as unknown as ImagesBinding,
    }
    const first = await callApp(`/media/library/${id}/640.webp`, {}, counting)
    expect(first.response.status).toBe(200)
    expect(first.response.headers.get('Content-Type')).toBe('image/webp')
    expect(first.response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(made).toBe(1)
    const info = await env.IMAGES.info((await env.MEDIA.get(`variants/${id}/640.webp`))!.body)
    expect(info).toMatchObject({ width: 640, height: 360 })
    const second = await callApp(`/media/library/${id}/640.webp`, {}, counting)
    expect(second.response.status).toBe(200)
    expect(made).toBe(1)
    // A width the build never makes, and a picture that is not there, are not made at all.
    expect((await callApp(`/media/library/${id}/641.webp`, {}, counting)).response.status).toBe(404)
    expect((await callApp(`/media/library/${'f'.repeat(16)}/640.webp`, {}, counting)).response.status).toBe(
      404,
    )
    expect(made).toBe(1)
  })

  it('serves the original at its address, and nothing at an address with another size or type', async () => {
    const png = await pngOf(200, 100)
    await upload(uploadForm(png, 'small.png', { alt: 'Small' }))
    const { id, path } = await onlyPicture()
    const { response } = await callApp(path)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/png')
    for (const other of [
      `${id}-201x100.png`,
      `${id}-100x200.png`,
      `${id}-200x100.jpg`,
      `${id}-200x100.webp`,
    ]) {
      const { response: answer } = await callApp(`/media/library/${other}`)
      expect(answer.status, other).toBe(404)
    }
  })
})

/** A draft of the home page's store builder showing `image`; its part as it was, and the draft's version. */
async function draftStoreBuilderWith(image: { src: string; alt: string; width: number; height: number }) {
  const { content } = servicesOf().studio
  const opened = await content.open('home-offers')
  if (!opened.ok || !opened.value) throw new Error('not opened')
  const builder = opened.value.value['home.storeBuilder'] as Record<string, unknown>
  const value = { ...opened.value.value, 'home.storeBuilder': { ...builder, image } }
  const saved = await content.save('home-offers', value, opened.value.version, 'Ada')
  if (!saved.ok) throw new Error(saved.error.message)
  return { builder, version: saved.value.version }
}

/** Delete is refused with a 409 naming the home page's part, and the picture is kept. */
async function expectDeleteRefusedForHome(id: string) {
  const refused = await callApp(`/admin/media/${id}/delete`, {
    method: 'POST',
    headers: { Cookie: ADMIN_COOKIE, ...SAME_ORIGIN },
  })
  expect(refused.response.status).toBe(409)
  expect(visibleText(refused.body)).toContain('This picture is on the site: Home: what we offer.')
  expect(await env.MEDIA.head(`originals/${id}`)).not.toBeNull()
}

describe('a library picture on a page, and deleting it', () => {
  it('shows with the build’s <picture>, and cannot be deleted while a published page shows it', async () => {
    await upload(uploadForm(await pngOf(2400, 1600), 'store.png', { alt: 'A 3D store' }))
    const { id, path } = await onlyPicture()
    const { content } = servicesOf().studio
    const { builder, version } = await draftStoreBuilderWith({
      src: path,
      alt: 'A 3D store',
      width: 2400,
      height: 1600,
    })
    expect((await content.publish('home-offers', version, 'Ada')).ok).toBe(true)

    const home = await callApp('/')
    expect(home.body).toContain(`/media/library/${id}/320.avif 320w`)
    expect(home.body).toContain(`/media/library/${id}/1920.webp 1920w`)
    // Its size, so the page keeps its space (CLS 0), exactly as a picture the build made.
    const img = /<img src="\/media\/library\/[^"]*"[^>]*>/.exec(home.body)?.[0] ?? ''
    expect(img).toContain('alt="A 3D store"')
    expect(img).toContain('width="2400" height="1600"')

    await expectDeleteRefusedForHome(id)

    const reopened = await content.open('home-offers')
    if (!reopened.ok || !reopened.value) throw new Error('not opened')
    const back = await content.save(
      'home-offers',
      { ...reopened.value.value, 'home.storeBuilder': builder },
      reopened.value.version,
      'Ada',
    )
    if (!back.ok) throw new Error(back.error.message)
    await content.publish('home-offers', back.value.version, 'Ada')
    await callApp(`/media/library/${id}/320.webp`)
    const deleted = await callApp(`/admin/media/${id}/delete`, {
      method: 'POST',
      headers: { Cookie: ADMIN_COOKIE, ...SAME_ORIGIN },
      redirect: 'manual',
    })
    expect(deleted.response.status).toBe(303)
    expect(await env.MEDIA.head(`originals/${id}`)).toBeNull()
    expect((await env.MEDIA.list({ prefix: `variants/${id}/` })).objects).toEqual([])
    expect((await callApp(path)).response.status).toBe(404)

    // The history keeps the version that showed it; Restore refuses it in words, the site unchanged (review T15).
    const history = await servicesOf().studio.history.of('home-offers')
    const showing = history.ok
      ? history.value!.find((row) => JSON.stringify(row.edition).includes(id))
      : undefined
    const restore = await callApp(`/admin/content/home-offers/history/${showing!.id}/restore`, {
      method: 'POST',
      headers: { Cookie: ADMIN_COOKIE, ...SAME_ORIGIN },
      redirect: 'manual',
    })
    const notice = restore.response.headers.get('Location')!
    expect(notice).toContain('notice=pictureGone')
    expect(visibleText((await callApp(notice, { headers: { Cookie: ADMIN_COOKIE } })).body)).toContain(
      'That version shows a picture that was deleted from the media library.',
    )
    expect((await callApp('/')).body).not.toContain(`/media/library/${id}`)
  })

  it('is refused from what D1 holds, not from this isolate’s copy of the site (review T15)', async () => {
    await upload(uploadForm(await pngOf(1200, 800), 'elsewhere.png', { alt: 'A store' }))
    const { id, path } = await onlyPicture()
    await draftStoreBuilderWith({ src: path, alt: 'A store', width: 1200, height: 800 })
    // This isolate (and its location's shared stamp) knows the site from before; then the draft
    // goes live at another location: D1 has it, this isolate's copy does not yet.
    expect((await callApp('/')).body).not.toContain(`/media/library/${id}`)
    await env.DB.batch([
      env.DB.prepare(
        "UPDATE content_documents SET published = draft, revision = 1 WHERE doc = 'home-offers'",
      ),
      env.DB.prepare('UPDATE content_stamp SET stamp = stamp + 1 WHERE id = 1'),
    ])
    await expectDeleteRefusedForHome(id)
  })
})

describe('U6: a library picture only an experiment’s version shows', () => {
  it('U6: cannot be deleted while the experiment runs, and Make live refuses a version whose picture is gone', async () => {
    await upload(uploadForm(await pngOf(1200, 800), 'live.png', { alt: 'A store' }))
    await upload(uploadForm(await pngOf(1500, 1000), 'arm.png', { alt: 'Another store' }))
    const listed = await servicesOf().studio.media.list()
    if (!listed.ok) throw new Error(listed.error.message)
    const [a, b] = ['live.png', 'arm.png'].map((name) => listed.value.find((item) => item.name === name)!)
    const image = ({ id, width, height }: { id: string; width: number; height: number }) => ({
      src: `/media/library/${id}-${width}x${height}.png`,
      alt: 'A store',
      width,
      height,
    })
    const { content } = servicesOf().studio
    const live = await draftStoreBuilderWith(image(a!))
    expect((await content.publish('home-offers', live.version, 'Ada')).ok).toBe(true)
    await draftStoreBuilderWith(image(b!))
    const post = (path: string, fields: Record<string, string> = {}) =>
      callApp(path, {
        method: 'POST',
        headers: {
          Cookie: ADMIN_COOKIE,
          ...SAME_ORIGIN,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      })
    const made = await post('/admin/experiments', {
      name: 'Store picture',
      doc: 'home-offers',
      split: '50',
      share: '100',
      lift: '25',
    })
    const id = /\/admin\/experiments\/([^?]+)\?notice=made$/.exec(
      made.response.headers.get('Location') ?? '',
    )![1]!
    expect((await post(`/admin/experiments/${id}/start`)).response.headers.get('Location')).toContain(
      'started',
    )
    // The draft goes back to the live picture: only version B of the running experiment shows B.
    await draftStoreBuilderWith(image(a!))

    const refused = await post(`/admin/media/${b!.id}/delete`)
    expect(refused.response.status).toBe(409)
    expect(visibleText(refused.body)).toContain(
      'This picture is on the site: version B of the experiment “Store picture”.',
    )
    expect(await env.MEDIA.head(`originals/${b!.id}`)).not.toBeNull()

    // Gone all the same (deleted before this check, or at the same moment): Make live refuses B in words.
    await env.DB.prepare('DELETE FROM media WHERE id = ?').bind(b!.id).run()
    const promoted = await post(`/admin/experiments/${id}/promote`, { arm: '1', confirmed: 'yes' })
    expect(promoted.response.status).toBe(409)
    expect(visibleText(promoted.body)).toContain(
      'This version no longer passes the studio’s checks, so making it live would publish a broken page',
    )
    // The live site (as a crawler sees it: never in an experiment) still shows A's picture, not B's.
    const crawled = await callApp('/', {
      headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
    })
    expect(crawled.body).toContain(`/media/library/${a!.id}`)
    expect(crawled.body).not.toContain(`/media/library/${b!.id}`)
    const row = await env.DB.prepare('SELECT status FROM experiments WHERE id = ?').bind(id).first('status')
    expect(row).toBe('running')
  })
})

describe('alt text in the library (issue 57)', () => {
  const describe_ = (id: string, fields: Record<string, string>) =>
    callApp(`/admin/media/${id}/alt`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: ADMIN_COOKIE, ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    })

  it('is corrected in Media with the plain form: the list shows the new words, and the activity says so', async () => {
    await upload(uploadForm(await pngOf(1200, 800), 'booth.png', { alt: 'A both at the fair' }))
    const { id } = await onlyPicture()
    const saved = await describe_(id, { alt: '  Our booth at the fair  ' })
    expect(saved.response.status).toBe(303)
    const notice = saved.response.headers.get('Location')!
    expect(notice).toBe('/admin/media?notice=described')
    const page = await callApp(notice, { headers: { Cookie: ADMIN_COOKIE } })
    expect(visibleText(page.body)).toContain('Alt text saved')
    const field = new RegExp(`<input id="media-alt-${id}"[^>]*name="alt"[^>]*value="Our booth at the fair"`)
    expect(page.body).toMatch(field)
    expect((await onlyPicture()).alt).toBe('Our booth at the fair')
    const activity = await callApp('/admin/activity', { headers: { Cookie: ADMIN_COOKIE } })
    expect(visibleText(activity.body)).toContain('Corrected a picture’s alt text')

    // Empty words are refused unless the picture is decoration, which then has none.
    const refused = await describe_(id, { alt: ' ' })
    expect(refused.response.status).toBe(400)
    expect(visibleText(refused.body)).toContain('Say what the picture shows, or tick “Decorative”')
    expect((await onlyPicture()).alt).toBe('Our booth at the fair')
    expect((await describe_(id, { alt: 'ignored', decorative: 'yes' })).response.status).toBe(303)
    expect(await onlyPicture()).toMatchObject({ alt: '', decorative: true })
    expect((await describe_('0000000000000000', { alt: 'Gone' })).response.status).toBe(404)
  })

  it('comes with a picture picked in an editor, unless the author types their own', async () => {
    await upload(uploadForm(await pngOf(1200, 800), 'booth.png', { alt: 'Our booth at the fair' }))
    await upload(uploadForm(await pngOf(1000, 800), 'stand.png', { alt: 'The stand from above' }))
    const listed = await servicesOf().studio.media.list()
    if (!listed.ok) throw new Error(listed.error.message)
    const [booth, stand] = ['booth.png', 'stand.png'].map((name) => {
      const item = listed.value.find((picture) => picture.name === name)!
      return { id: item.id, path: `/media/library/${item.id}-${item.width}x${item.height}.png` }
    }) as [{ id: string; path: string }, { id: string; path: string }]
    const EDITOR = '/admin/content/home-offers'
    const SRC = 'home.storeBuilder.image.src'
    const ALT = 'home.storeBuilder.image.alt'
    const editor = await openEditor(EDITOR)
    // The picker is radio cards with thumbnails, and works without JavaScript; each card carries
    // its alt text for the script that brings it into the field as it is picked.
    const card = new RegExp(
      `<label class="picture-card"><img src="/media/library/${booth.id}/320\\.webp"[^>]*>` +
        `<span class="picture-card-name"><input type="radio" data-alt="Our booth at the fair" name="home\\.storeBuilder\\.image\\.src" value="${booth.path}"`,
    )
    expect(editor.body).toMatch(card)
    expect(editor.fields[ALT]).toBeTruthy()

    // Picked, the alt text left as it was drawn: the library's words come with it.
    expect((await postEditor(EDITOR, { ...editor.fields, [SRC]: booth.path })).response.status).toBe(303)
    const first = await openEditor(EDITOR)
    expect([first.fields[SRC], first.fields[ALT]]).toEqual([booth.path, 'Our booth at the fair'])

    // Picked with words of the author's own: those stay.
    await postEditor(EDITOR, { ...first.fields, [SRC]: stand.path, [ALT]: 'Stand B12' })
    const second = await openEditor(EDITOR)
    expect([second.fields[SRC], second.fields[ALT]]).toEqual([stand.path, 'Stand B12'])

    // Picked with the field emptied: the library's words again.
    await postEditor(EDITOR, { ...second.fields, [SRC]: booth.path, [ALT]: '' })
    expect((await openEditor(EDITOR)).fields[ALT]).toBe('Our booth at the fair')
  })
})

describe('a library picture as the hero’s poster', () => {
  it('is picked in the hero’s editor with no alt text asked, and the page shows it with its portrait crop, preloaded', async () => {
    await upload(uploadForm(await pngOf(2400, 1600), 'showroom.png', { alt: '', decorative: 'yes' }))
    const { id, path } = await onlyPicture()
    const editor = await openEditor('/admin/content/home-hero')
    // A card of the picker, with its thumbnail.
    expect(editor.body).toContain(`<input type="radio" name="home.hero.video.poster" value="${path}"/>`)
    expect(visibleText(editor.body)).toContain(
      'It shows behind a video until the video plays, so it needs no alt text.',
    )
    expect(editor.body).not.toContain('name="home.hero.video.poster.alt"')

    const published = await postEditor(
      '/admin/content/home-hero',
      { ...editor.fields, 'home.hero.video.poster': path },
      'publish',
    )
    expect(published.response.headers.get('Location')).toBe('/admin/content/home-hero?notice=published')
    const home = await callApp('/')
    const hero = /<section class="hero"[\s\S]*?<\/section>/.exec(home.body)?.[0] ?? ''
    // Phones get the centred 2:3 crop, wider screens the full frame, both as AVIF and WebP.
    expect(hero).toMatch(
      new RegExp(
        `<source media="\\(max-aspect-ratio: [^"]+" type="image/avif" srcSet="/media/library/${id}/p320\\.avif 320w`,
        'i',
      ),
    )
    expect(hero).toContain(`/media/library/${id}/1920.avif 1920w`)
    expect(hero).not.toContain('/media/home/hero.svg')
    // The largest paint is asked for before the page's body arrives.
    const preloads = [...home.body.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map(([tag]) => tag)
    expect(preloads.some((tag) => tag.includes(`/media/library/${id}/p320.avif`))).toBe(true)
    expect(preloads.some((tag) => tag.includes(`/media/library/${id}/1920.avif`))).toBe(true)

    const refused = await callApp(`/admin/media/${id}/delete`, {
      method: 'POST',
      headers: { Cookie: ADMIN_COOKIE, ...SAME_ORIGIN },
    })
    expect(refused.response.status).toBe(409)
    expect(visibleText(refused.body)).toContain('This picture is on the site: Home: hero.')
  })

  it('shows alone, with no video, when the hero’s video file is left empty (a photo hero)', async () => {
    await upload(uploadForm(await pngOf(2400, 1600), 'booth.png', { alt: 'Our booth' }))
    const { id, path } = await onlyPicture()
    const editor = await openEditor('/admin/content/home-hero')
    // The video's file says, under it, that it may be left empty for the picture.
    expect(editor.body).toMatch(
      /<input id="f-home-hero-video-src"[^>]*aria-describedby="f-home-hero-video-src-hint"[^>]*name="home\.hero\.video\.src"/,
    )
    expect(editor.body).toContain(
      '<p id="f-home-hero-video-src-hint" class="field-hint">Optional: leave it empty and the hero shows its poster picture instead, as a still photo. Pick that picture just below.</p>',
    )
    const published = await postEditor(
      '/admin/content/home-hero',
      { ...editor.fields, 'home.hero.video.poster': path, 'home.hero.video.src': '' },
      'publish',
    )
    expect(published.response.headers.get('Location')).toBe('/admin/content/home-hero?notice=published')
    const hero = /<section class="hero"[\s\S]*?<\/section>/.exec((await callApp('/')).body)?.[0] ?? ''
    expect(hero).toContain(`/media/library/${id}/1920.avif 1920w`)
    expect(hero).not.toContain('<video')
    // The editor shows the field empty, ready for a video again.
    expect((await openEditor('/admin/content/home-hero')).fields['home.hero.video.src']).toBe('')
  })
})
