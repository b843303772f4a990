/**
 * `npm run screenshots`: full-page screenshots of every route of the production build, and a
 * pixel comparison of two such sets. It proves that a refactor changed nothing a visitor sees
 * (or shows exactly where it did).
 *
 *   npm run screenshots -- --out reports/screenshots/before            # build, serve, shoot
 *   npm run screenshots -- --out reports/screenshots/after --no-build  # reuse dist/
 *   npm run screenshots -- --compare reports/screenshots/before reports/screenshots/after
 *
 * Shots are taken at 1280 px and 390 px wide with reduced motion, animations and transitions
 * stopped and videos left on their posters, so two runs of the same build are identical. The
 * compare writes a diff image (changed pixels in red) for every pair that differs and exits 1
 * when any pair differs.
 */
import { mkdirSync, readdirSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import sharp from 'sharp'
import { discoverRoutes, listArg, parseArgs } from './lib/routes.mjs'
import { signInAsAdmin } from './lib/console-shot.mjs'
import { serveSnapshot } from './lib/serve.mjs'
import { browserPath } from '../tests/support/browser-path.ts'
import { hydrateEveryIsland } from './lib/hydration.mjs'
import { snapshotBuild } from './lib/snapshot.mjs'

const WIDTHS = { desktop: 1280, mobile: 390 }
/** Pages that are not in the sitemap but are part of the product (the console's parts are read from its navigation). */
const EXTRA_ROUTES = ['/this-page-does-not-exist', '/update', '/admin/sign-in']
const STILL = `*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }`

const args = parseArgs(process.argv.slice(2))

if (args.compare) {
  const [before, after] = [String(args.compare), process.argv.at(-1) ?? '']
  process.exit((await compare(before, after)) ? 0 : 1)
} else {
  await shoot(String(args.out ?? 'reports/screenshots/current'))
}

/**
 * Every part of the console, as its navigation links them for the admin, so a new part is shot
 * without a list here to keep.
 * @param {import('playwright-core').Browser} browser
 * @param {string} base
 * @returns {Promise<string[]>}
 */
async function consoleParts(browser, base) {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await signInAsAdmin(page, base)
    const hrefs = await page
      .getByRole('navigation', { name: 'Admin' })
      .locator('a[href^="/admin"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
    return [...new Set(hrefs)]
  } finally {
    await context.close()
  }
}

/** @param {string} out */
async function shoot(out) {
  mkdirSync(out, { recursive: true })
  const snapshot = snapshotBuild({ build: !args['no-build'] })
  const server = await serveSnapshot(snapshot)
  const browser = await chromium.launch({
    executablePath: browserPath(),
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--hide-scrollbars'],
  })
  try {
    const { routes } = await discoverRoutes(server.url)
    const wanted = listArg(args.routes) ?? [
      ...routes,
      ...EXTRA_ROUTES,
      ...(await consoleParts(browser, server.url)),
    ]
    for (const route of wanted) {
      for (const [form, width] of Object.entries(WIDTHS)) {
        const context = await browser.newContext({
          viewport: { width, height: 900 },
          reducedMotion: 'reduce',
        })
        const page = await context.newPage()
        try {
          if (/^\/(admin|update)/.test(route) && !route.startsWith('/admin/sign-in'))
            await signInAsAdmin(page, server.url)
          await page.goto(server.url + route, { waitUntil: 'networkidle' })
          await page.addStyleTag({ content: STILL })
          await hydrateEveryIsland(page)
          await page.evaluate(() => globalThis.document.fonts.ready)
          const file = join(out, `${fileNameFor(route)}.${form}.png`)
          await page.screenshot({ path: file, fullPage: true })
          console.log(`• ${file}`)
        } finally {
          await context.close()
        }
      }
    }
  } finally {
    await browser.close()
    await server.stop()
    snapshot.remove()
  }
}

/**
 * @param {string} before
 * @param {string} after
 * @returns {Promise<boolean>} true when every pair is identical
 */
async function compare(before, after) {
  const names = new Set([...readdirSync(before), ...readdirSync(after)].filter((n) => n.endsWith('.png')))
  const diffDir = join(after, 'diff')
  let same = true
  for (const name of [...names].sort()) {
    if (!existsSync(join(before, name)) || !existsSync(join(after, name))) {
      console.log(`${name}: only in ${existsSync(join(before, name)) ? before : after}`)
      same = false
      continue
    }
    const [a, b] = await Promise.all([raw(join(before, name)), raw(join(after, name))])
    if (a.info.width !== b.info.width || a.info.height !== b.info.height) {
      console.log(`${name}: size ${a.info.width}×${a.info.height} → ${b.info.width}×${b.info.height}`)
      same = false
      continue
    }
    const diff = Buffer.alloc(a.data.length)
    let changed = 0
    for (let i = 0; i < a.data.length; i += 4) {
      const differs =
        a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]
      if (differs) changed++
      // Changed pixels red, the rest a dimmed copy of the old image.
      diff[i] = differs ? 255 : (a.data[i] ?? 0) >> 2
      diff[i + 1] = differs ? 0 : (a.data[i + 1] ?? 0) >> 2
      diff[i + 2] = differs ? 0 : (a.data[i + 2] ?? 0) >> 2
      diff[i + 3] = 255
    }
    if (changed === 0) {
      console.log(`${name}: identical`)
      continue
    }
    same = false
    mkdirSync(diffDir, { recursive: true })
    await sharp(diff, { raw: { width: a.info.width, height: a.info.height, channels: 4 } })
      .png()
      .toFile(join(diffDir, name))
    const share = ((changed / (a.info.width * a.info.height)) * 100).toFixed(3)
    console.log(`${name}: ${changed} pixels differ (${share}%), see ${join(diffDir, name)}`)
  }
  return same
}

/** @param {string} file */
function raw(file) {
  return sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
}

/** @param {string} route */
function fileNameFor(route) {
  return route === '/' ? 'home' : route.slice(1).replace(/[^\w-]+/g, '_')
}
