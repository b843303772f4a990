/**
 * `npm run audit -- --console-hero` (issue 32): the hero photo as marketing puts it on the site,
 * on the production worker the audit serves. In Chromium, signed in as the admin: Media → upload
 * a 24-megapixel JPEG (bench/realistic-media.mjs) marked decorative → Content → Home: hero →
 * pick it as the poster → Save and publish now. Then one visit makes the variants the home page
 * asks for (the Images binding, once, kept in R2), as the first visitor after a publish would,
 * and the audit measures `/` as every later visitor gets it.
 *
 * Miniflare's Images binding runs on sharp but ignores `output()`'s `quality` (its encoder's
 * defaults, AVIF q50 and WebP q80, whatever the worker asks), where Cloudflare Images honours it.
 * So that the audit measures the bytes production serves, the worker is stopped after the first
 * visit, each variant is encoded again from the original at the size miniflare made it and the
 * quality the worker asked for (src/lib/picture.ts, sharp at the build's settings) and put back
 * in the local R2, and the worker is started again on that state. Both sizes are reported.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { chromium } from 'playwright-core'
import sharp from 'sharp'
import { OFFLINE_VARS, serveSnapshot } from '../../scripts/lib/serve.mjs'
import { IMAGE_QUALITY } from '../../src/lib/picture.ts'
import { CONSOLE_HERO_PHOTO, generateRealisticMedia, REALISTIC_MEDIA_DIR } from '../realistic-media.mjs'
import { CHROME_FLAGS, CHROME_PATH } from './runners.mjs'

const MB = 1024 * 1024
/** The bucket of the MEDIA binding (wrangler.toml). */
const BUCKET = 'xr-stores-media'

/**
 * The snapshot served with the console-uploaded hero published; `stop` also removes its state.
 * @param {{ config: string }} snapshot
 */
export async function serveWithConsoleHero(snapshot) {
  const state = mkdtempSync(join(tmpdir(), 'xr-audit-state-'))
  const first = await serveSnapshot(snapshot, { persistTo: state })
  let hero
  try {
    hero = await publishConsoleHero(first.workerUrl)
  } finally {
    await first.stop()
  }
  const encoded = await encodeAsAsked(hero, state, snapshot.config)
  const server = await serveSnapshot(snapshot, { gzip: true, persistTo: state })
  const { original: _original, made: _made, ...published } = hero
  return {
    hero: { ...published, ...encoded },
    server: {
      ...server,
      stop: async () => {
        await server.stop()
        rmSync(state, { recursive: true, force: true })
      },
    },
  }
}

/**
 * Uploads and publishes the hero photo through the console, then visits `/` once.
 * @param {string} origin the worker's address
 */
async function publishConsoleHero(origin) {
  const [file] = await generateRealisticMedia(REALISTIC_MEDIA_DIR, { photos: [CONSOLE_HERO_PHOTO] })
  if (!file) throw new Error('no console hero photo')
  const bytes = readFileSync(file)
  const { width, height } = CONSOLE_HERO_PHOTO
  // The library's address: the start of the original's SHA-256 and its size (src/lib/library.ts).
  const id = createHash('sha256').update(bytes).digest('hex').slice(0, 16)
  const path = `/media/library/${id}-${width}x${height}.jpg`

  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS })
  try {
    const page = await browser.newPage()
    await page.goto(`${origin}/admin/sign-in`)
    await page.getByLabel('User name').fill(OFFLINE_VARS.ADMIN_USERNAME)
    await page.getByLabel('Password', { exact: true }).fill(OFFLINE_VARS.ADMIN_PASSWORD)
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/admin'),
      page.getByRole('button', { name: 'Sign in', exact: true }).click(),
    ])
    console.error(`• uploading ${basename(file)} (${(bytes.length / MB).toFixed(1)} MB) in Media…`)
    await page.goto(`${origin}/admin/media`)
    await page
      .getByLabel('Picture', { exact: true })
      .setInputFiles({ name: basename(file), mimeType: 'image/jpeg', buffer: bytes })
    await page.getByRole('checkbox', { name: /Decorative/ }).check()
    await Promise.all([
      page.waitForURL(/notice=uploaded/, { timeout: 120_000 }),
      page.getByRole('button', { name: 'Upload' }).click(),
    ])
    console.error('• publishing it as the hero poster in Content…')
    await page.goto(`${origin}/admin/content/home-hero`)
    await page.locator(`[name="home.hero.video.poster"][value="${path}"]`).check()
    await Promise.all([
      page.waitForURL(/notice=published/),
      page.getByRole('button', { name: 'Save and publish now' }).click(),
    ])
  } finally {
    await browser.close()
  }

  console.error('• the first visit: making the variants the home page asks for…')
  const html = await (await fetch(`${origin}/`)).text()
  const names = [...new Set(html.match(new RegExp(`(?<=/media/library/${id}/)p?\\d+\\.(?:avif|webp)`, 'g')))]
  if (!names.length) throw new Error('the home page does not show the uploaded hero')
  const started = performance.now()
  /** @type {Record<string, Buffer>} */
  const made = {}
  for (const name of names) {
    const res = await fetch(`${origin}/media/library/${id}/${name}`)
    if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`)
    made[name] = Buffer.from(await res.arrayBuffer())
  }
  const firstVisitSeconds = (performance.now() - started) / 1000
  return { id, path, width, height, megabytes: bytes.length / MB, original: bytes, made, firstVisitSeconds }
}

/**
 * Each variant of a library picture encoded again at the quality the worker asks for, put in the
 * local R2 in place of miniflare's; resolves with the phone's poster (the largest crop) both ways.
 * Also for the seeded landing pages' photos (audit/seeded-pages.mjs).
 * @param {{ id: string, original: Buffer, made: Record<string, Buffer> }} hero
 * @param {string} state
 * @param {string} config
 */
export async function encodeAsAsked(hero, state, config) {
  console.error('• encoding the variants at the quality the worker asks for…')
  const work = mkdtempSync(join(tmpdir(), 'xr-variants-'))
  /** @type {Record<string, number>} */
  const asked = {}
  try {
    for (const [name, bytes] of Object.entries(hero.made)) {
      const { width, height } = await sharp(bytes).metadata()
      const format = name.endsWith('.avif') ? 'avif' : 'webp'
      const quality = IMAGE_QUALITY[name.startsWith('p') ? 'cover' : 'photo'][format]
      const resized = sharp(hero.original).resize(width, height, { fit: 'cover', position: 'centre' })
      const encoded = await resized[format]({ quality, effort: 4 }).toBuffer()
      asked[name] = encoded.length
      const file = join(work, name)
      writeFileSync(file, encoded)
      execFileSync(
        'node_modules/.bin/wrangler',
        ['r2', 'object', 'put', `${BUCKET}/variants/${hero.id}/${name}`, '--file', file]
          .concat(['--content-type', `image/${format}`, '--local', '--persist-to', state])
          .concat(['--config', config]),
        { env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' }, stdio: 'ignore' },
      )
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  const phone = Object.keys(asked)
    .filter((name) => /^p\d+\.avif$/.test(name))
    .sort((a, b) => parseInt(a.slice(1)) - parseInt(b.slice(1)))
    .at(-1)
  return {
    variants: Object.keys(asked).length,
    phonePoster: phone,
    phonePosterKb: { miniflare: (hero.made[phone]?.length ?? 0) / 1024, asked: (asked[phone] ?? 0) / 1024 },
  }
}

/**
 * The report's lines about the photo.
 * @param {Awaited<ReturnType<typeof serveWithConsoleHero>>['hero']} hero
 */
export const consoleHeroLines = (hero) =>
  [
    `The hero is a photo uploaded in the console: ${hero.width} × ${hero.height} (${(hero.width * hero.height) / 1e6} MP), ${hero.megabytes.toFixed(1)} MB JPEG, at \`${hero.path}\`.`,
    `Its ${hero.variants} variants on the page took ${hero.firstVisitSeconds.toFixed(1)} s to make on the first visit (the Images binding on sharp), then came from R2.`,
    `Miniflare ignores the quality the worker asks for: its phone poster (${hero.phonePoster}) was ${hero.phonePosterKb.miniflare.toFixed(1)} KB; encoded at that quality, as Cloudflare Images does, ${hero.phonePosterKb.asked.toFixed(1)} KB. The audit serves the latter.\n`,
  ].join('\n')
