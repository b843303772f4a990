/**
 * `npm run audit -- --pages` (issue 45): landing pages as marketing makes them, on the production
 * worker the audit serves. As the admin, over HTTP with the console's own forms (no JavaScript):
 * Media → upload the realistic photos (bench/realistic-media.mjs, real sizes) → Landing pages →
 * New page, then Save and publish now through the publish gate, for two pages:
 * - /audit-campaign, the campaign template as it comes;
 * - /audit-heavy, 12 sections (of the every-section fixture) whose every picture is one of those photos;
 * - /audit-form, the campaign template whose form adds four fields (issue 63): a select, a required
 *   number, a consent box and a hidden utm_campaign (FOUR_FIELDS).
 * One visit to each page then makes the variants it asks for, and each is encoded again at the
 * quality the worker asks for, as Cloudflare Images would (audit/console-hero.mjs says why), so
 * the audit measures the pages as every later visitor gets them.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { runnerImport } from 'vite'
import { OFFLINE_VARS, serveSnapshot } from '../../scripts/lib/serve.mjs'
import { generateRealisticMedia, REALISTIC_MEDIA_DIR, REALISTIC_PHOTOS } from '../realistic-media.mjs'
import { encodeAsAsked } from './console-hero.mjs'

/** The seeded pages' addresses: what the audit measures. */
export const SEEDED_PAGES = ['/audit-campaign', '/audit-heavy', '/audit-form']

/** Issue 63's campaign form: the four fields its 'Done when' names, as the page's draft holds them. */
export const FOUR_FIELDS = [
  {
    label: 'Which fair?',
    need: 'required',
    select: { options: ['NRF New York', 'EuroShop', 'Retail Expo'] },
  },
  { label: 'Stores you run', need: 'required', number: { lowest: 1 } },
  {
    label: 'Consent',
    need: 'required',
    consent: { wording: 'I agree that XR Stores may contact me about this fair.' },
  },
  { label: 'Campaign', need: 'optional', hidden: { carries: 'utm_campaign' } },
]

/**
 * The fixture's types the heavy page keeps, in this order: 12 sections, the photos below the
 * first three, as the publish gate asks (a phone fetches the first three's before it scrolls).
 */
const HEAVY_TYPES = ['hero', 'brandStrip', 'figures', 'quote', 'faq', 'benefits'].concat([
  'showcases',
  'pictureText',
  'logoWall',
  'why',
  'ctaBand',
  'contact',
])

/**
 * The snapshot served with the pages published; `stop` also removes its state. Without
 * `withPhotos` the heavy page and its photos are left out (their upload and encoding take minutes).
 * @param {{ config: string }} snapshot
 */
export async function serveWithSeededPages(snapshot, { withPhotos = true } = {}) {
  const state = mkdtempSync(join(tmpdir(), 'xr-audit-pages-'))
  const first = await serveSnapshot(snapshot, { persistTo: state })
  /** @type {{ id: string, original: Buffer, made: Record<string, Buffer> }[]} */
  let photos
  try {
    photos = await seed(first.workerUrl, withPhotos)
  } finally {
    await first.stop()
  }
  for (const photo of photos) await encodeAsAsked(photo, state, snapshot.config)
  const server = await serveSnapshot(snapshot, { gzip: true, persistTo: state })
  return {
    photos: photos.length,
    server: {
      ...server,
      stop: async () => {
        await server.stop()
        rmSync(state, { recursive: true, force: true })
      },
    },
  }
}

/** @param {string} origin @param {boolean} withPhotos */
async function seed(origin, withPhotos) {
  const base = { configFile: false, logLevel: 'error' }
  const load = async (id) => (await runnerImport(id, base)).module
  const { formFieldsOf } = await load('/tests/support/form-fields.ts')
  const { composedPageSchema } = await load('/src/schemas/composed-pages.ts')
  const { LANDING_TEMPLATES } = await load('/src/content/landing-templates.ts')
  const { EVERY_SECTION_PAGE } = await load('/tests/support/landing-fixture.ts')

  const cookie = await signIn(origin)
  const files = withPhotos ? await generateRealisticMedia(REALISTIC_MEDIA_DIR) : []
  /** The library's pictures, as a picture field holds them. */
  const pictures = []
  const photos = []
  for (const [i, file] of files.entries()) {
    const original = readFileSync(file)
    const { width, height } = REALISTIC_PHOTOS[i]
    const form = new FormData()
    form.set('file', new File([original], basename(file)))
    form.set('alt', `A shopper in a 3D store, photo ${i + 1}`)
    console.error(
      `• uploading ${basename(file)} (${(original.length / 1024 / 1024).toFixed(1)} MB) in Media…`,
    )
    await post(origin, '/admin/media', form, cookie, /notice=uploaded/)
    // The library's address: the start of the original's SHA-256 and its size (src/lib/library.ts).
    const id = createHash('sha256').update(original).digest('hex').slice(0, 16)
    pictures.push({
      src: `/media/library/${id}-${width}x${height}.jpg`,
      alt: `Photo ${i + 1}`,
      width,
      height,
    })
    photos.push({ id, original, made: {} })
  }

  const typeOf = (section) => Object.keys(section)[0]
  const heavySections = HEAVY_TYPES.map((type) =>
    EVERY_SECTION_PAGE.sections.find((section) => typeOf(section) === type),
  )
  let next = 0
  const photo = () => pictures[next++ % pictures.length]
  const heavy = {
    ...EVERY_SECTION_PAGE,
    slug: 'audit-heavy',
    title: 'Our XR stores, in twelve sections',
    search: 'listed',
    sections: withPhotos ? withPictures(heavySections, photo) : [],
  }
  // Its own title and description: the publish gate refuses the template's starter text.
  const campaign = {
    ...LANDING_TEMPLATES.campaign,
    slug: 'audit-campaign',
    title: 'Our XR stores at the retail fair',
    description: 'Meet us at the retail fair and see a 3D store built with your own products in minutes.',
    search: 'listed',
  }
  const withForm = {
    ...campaign,
    slug: 'audit-form',
    sections: campaign.sections.map((section) =>
      'contact' in section ? { contact: { ...section.contact, fields: FOUR_FIELDS } } : section,
    ),
  }
  for (const page of withPhotos ? [campaign, heavy, withForm] : [campaign, withForm])
    await publishPage(origin, cookie, page, formFieldsOf(composedPageSchema, page, 'page'))

  console.error('• the first visits: making the variants the pages ask for…')
  for (const path of SEEDED_PAGES) {
    const html = await (await fetch(origin + path)).text()
    for (const entry of photos) {
      const names = new Set(
        html.match(new RegExp(`(?<=/media/library/${entry.id}/)p?\\d+\\.(?:avif|webp)`, 'g')),
      )
      for (const name of names) {
        if (entry.made[name]) continue
        const res = await fetch(`${origin}/media/library/${entry.id}/${name}`)
        if (!res.ok) throw new Error(`${entry.id}/${name}: HTTP ${res.status}`)
        entry.made[name] = Buffer.from(await res.arrayBuffer())
      }
    }
  }
  return photos.filter((entry) => Object.keys(entry.made).length)
}

/**
 * Sections with every picture (and a hero's poster) replaced by the next of `photo()`.
 * @param {unknown[]} sections
 * @param {() => { src: string, alt: string, width: number, height: number }} photo
 */
function withPictures(sections, photo) {
  const swap = (value) => {
    if (Array.isArray(value)) return value.map(swap)
    if (typeof value !== 'object' || value === null) return value
    if (typeof value.src === 'string' && typeof value.alt === 'string' && 'width' in value) return photo()
    const out = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, swap(child)]))
    if (typeof out.poster === 'string') out.poster = photo().src
    return out
  }
  return sections.map(swap)
}

/**
 * A new landing page saved and published through the publish gate with the editor's `fields`.
 * @param {string} origin @param {string} cookie @param {{ slug: string }} page
 * @param {Record<string, string>} fields
 */
export async function publishPage(origin, cookie, page, fields) {
  console.error(`• publishing /${page.slug} through the publish gate…`)
  await post(origin, '/admin/pages/new', new URLSearchParams({ slug: page.slug, start: 'blank' }), cookie)
  const editor = await (
    await fetch(`${origin}/admin/pages/${page.slug}`, { headers: { Cookie: cookie } })
  ).text()
  const version = /name="@version" value="(\d+)"/.exec(editor)?.[1] ?? '0'
  const body = new URLSearchParams({ ...fields, '@version': version, _op: 'publish' })
  await post(origin, `/admin/pages/${page.slug}`, body, cookie, /notice=published/)
}

/** Signs in with the console's password form: the cookies to send. @param {string} origin */
export async function signIn(origin) {
  const res = await fetch(`${origin}/admin/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: sameOrigin(origin),
    body: new URLSearchParams({
      username: OFFLINE_VARS.ADMIN_USERNAME,
      password: OFFLINE_VARS.ADMIN_PASSWORD,
    }),
  })
  // Every cookie it sets (the session's, over http without its __Host- prefix, and the device's).
  const cookies = res.headers.getSetCookie().map((line) => line.split(';')[0])
  if (!cookies.some((cookie) => /^(__Host-)?admin_session=/.test(cookie)))
    throw new Error(`sign-in: HTTP ${res.status} to ${res.headers.get('Location')}, no session`)
  return cookies.join('; ')
}

/** What a browser's form post from the console sends about where it comes from. @param {string} origin */
const sameOrigin = (origin) => ({
  Origin: origin,
  'Sec-Fetch-Site': 'same-origin',
  Referer: `${origin}/admin`,
})

/**
 * A console form post; it must answer a redirect (to `expected`, when given), as a saved form does.
 * @param {string} origin @param {string} path @param {FormData | URLSearchParams} body
 * @param {string} cookie @param {RegExp} [expected]
 */
export async function post(origin, path, body, cookie, expected) {
  const res = await fetch(origin + path, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...sameOrigin(origin), Cookie: cookie },
    body,
  })
  const location = res.headers.get('Location') ?? ''
  if (res.status !== 303 || (expected && !expected.test(location))) {
    const text = (await res.text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
    throw new Error(`${path}: HTTP ${res.status} ${location} ${text.slice(text.indexOf('not saved'), 600)}`)
  }
}
