/**
 * `npm run audit`: Lighthouse (mobile and desktop, median of N runs), axe-core and the W3C Nu HTML
 * checker on every public route of the production worker served by workerd, plus the byte
 * budgets. Writes reports/audit.json and reports/audit.md; exits 1 when a budget breaks.
 *
 *   npm run audit                                        # build; every route; 3 runs; mobile + desktop
 *   npm run audit -- --routes /,/about-us --runs 1       # a quick check
 *   npm run audit -- --no-build --form-factors mobile    # reuse dist/, mobile only
 *   npm run audit -- --skip lighthouse                   # only axe, HTML validity and bytes
 *   npm run audit -- --realistic-media                   # big photos in the media pipeline (below)
 *   npm run audit -- --console-hero                      # a 24 MP hero uploaded in the console (below)
 *   npm run audit -- --pages                             # landing pages made in the console (below)
 *
 * --realistic-media (issues 12 and 22) generates photos that compress like real ones (a 5640 × 3172
 * hero of about 15 MB, the others 1680 × 1050 to 2560 × 1600; bench/realistic-media.mjs, into
 * git-ignored reports/realistic-media), builds with them in place of the hero poster, the suite and
 * blog cards and /blog-1's figure (XR_MEDIA_OVERLAY), and audits that build, mobile only unless
 * --form-factors says otherwise; the report goes to reports/audit-realistic.{json,md}. Every audit
 * also reports the image bytes of each route at 390 px, before the first scroll and in all.
 *
 * --console-hero (issue 32) serves the normal build, then uploads a 24 MP photo in the console's
 * Media page and publishes it as the hero's poster, as marketing would (audit/console-hero.mjs),
 * and audits `/` (unless --routes says otherwise), mobile only unless --form-factors says
 * otherwise; the report goes to reports/audit-console-hero.{json,md}.
 *
 * --pages (issue 45) serves the normal build with three landing pages published through the console's
 * forms and its publish gate, the campaign template, a heavy page of 12 sections whose pictures
 * are the realistic photos uploaded in Media, and the campaign template whose form adds four fields
 * (issue 63; audit/seeded-pages.mjs), and audits those three (`--routes` without /audit-heavy
 * skips the heavy page and its photos, which take most of the run), mobile
 * only unless --form-factors says otherwise; the report goes to reports/audit-pages.{json,md}.
 *
 * The worker runs under `wrangler dev` (uncompressed) behind a local gzip proxy, because
 * Cloudflare compresses HTML, CSS and JS at the edge: Lighthouse then sees production-like
 * transfer sizes. Lighthouse applies its own simulated throttling on top (mobile default).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FIRST_VIEW_IMAGE_BUDGET, measureImageBytes } from './lib/image-bytes.mjs'
import { byteBudgetFailures, loadManifest, pageBytes } from './lib/page-bytes.mjs'
import { discoverRoutes, listArg, parseArgs } from '../scripts/lib/routes.mjs'
import { serveSnapshot } from '../scripts/lib/serve.mjs'
import { snapshotBuild, snapshotBuilds } from '../scripts/lib/snapshot.mjs'
import { kb } from './lib/table.mjs'
import { consoleHeroLines, serveWithConsoleHero } from './audit/console-hero.mjs'
import { SEEDED_PAGES, serveWithSeededPages } from './audit/seeded-pages.mjs'
import { generateRealisticMedia, REALISTIC_MEDIA_DIR } from './realistic-media.mjs'
import {
  CHROME_PATH,
  CHROME_FLAGS,
  fileNameFor,
  runVnu,
  runAxe,
  runLighthouse,
  withRetries,
  chromeVersion,
} from './audit/runners.mjs'
import { lighthouseFailures, renderMarkdown, summarise } from './audit/verdict.mjs'
const args = parseArgs(process.argv.slice(2))
const realistic = Boolean(args['realistic-media'])
const consoleHero = Boolean(args['console-hero'])
const seededPages = Boolean(args.pages)
const runs = Number(args.runs ?? 3)
const formFactors =
  listArg(args['form-factors']) ??
  (realistic || consoleHero || seededPages ? ['mobile'] : ['mobile', 'desktop'])
const skip = new Set(listArg(args.skip) ?? [])
const reportName = realistic
  ? 'audit-realistic'
  : consoleHero
    ? 'audit-console-hero'
    : seededPages
      ? 'audit-pages'
      : 'audit'

const snapshot = realistic ? await realisticSnapshot() : snapshotBuild({ build: !args['no-build'] })
const { server, hero } = consoleHero
  ? await serveWithConsoleHero(snapshot)
  : seededPages
    ? {
        // Routes without the heavy page need none of its photos.
        ...(await serveWithSeededPages(snapshot, {
          withPhotos: (listArg(args.routes) ?? SEEDED_PAGES).includes('/audit-heavy'),
        })),
        hero: undefined,
      }
    : { server: await serveSnapshot(snapshot, { gzip: true }), hero: undefined }
const work = mkdtempSync(join(tmpdir(), 'xr-audit-'))
try {
  const discovered = await discoverRoutes(server.url)
  const routes =
    listArg(args.routes) ?? (consoleHero ? ['/'] : seededPages ? SEEDED_PAGES : discovered.routes)
  const manifestInfo = loadManifest(snapshot.client)
  const failures = []

  /** @type {Record<string, any>} */
  const report = {}
  for (const route of routes) {
    // A crawler user agent gets the complete document (what the validator should see).
    const res = await fetch(server.workerUrl + route, { headers: { 'User-Agent': 'xr-audit-bot' } })
    const html = await res.text()
    if (res.status !== 200) failures.push(`${route}: HTTP ${res.status}`)
    const bytes = pageBytes(html, snapshot.client, manifestInfo)
    failures.push(...byteBudgetFailures(route, bytes))
    writeFileSync(join(work, fileNameFor(route)), html)
    report[route] = { status: res.status, bytes, lighthouse: {}, axe: [], html: { errors: [], warnings: 0 } }
  }

  if (!skip.has('vnu')) {
    console.error('• W3C Nu HTML checker…')
    const messages = runVnu(routes.map((route) => join(work, fileNameFor(route))))
    for (const route of routes) {
      const mine = messages.filter((m) => String(m.url ?? '').endsWith('/' + fileNameFor(route)))
      const errors = mine.filter((m) => m.type === 'error' || m.type === 'non-document-error')
      report[route].html = {
        errors: errors.map((m) => `line ${m.lastLine ?? '?'}: ${m.message}`),
        warnings: mine.filter((m) => m.subType === 'warning').length,
      }
      for (const error of report[route].html.errors) failures.push(`${route}: HTML error ${error}`)
    }
  }

  if (!skip.has('axe')) {
    console.error('• axe-core…')
    const results = await runAxe(server.url, routes)
    for (const route of routes) {
      report[route].axe = results[route] ?? []
      for (const v of report[route].axe)
        failures.push(`${route}: axe ${v.viewport} ${v.id} (${v.impact}) ×${v.nodes}`)
    }
  }

  if (!skip.has('images')) {
    console.error('• image bytes at 390 px…')
    const images = await measureImageBytes(server.url, routes, {
      executablePath: CHROME_PATH,
      args: CHROME_FLAGS,
    })
    for (const route of routes) {
      report[route].images = images[route]
      const landing = route === '/' || SEEDED_PAGES.includes(route)
      if (landing && (images[route]?.firstView ?? 0) > FIRST_VIEW_IMAGE_BUDGET)
        failures.push(
          `${route}: ${kb(images[route]?.firstView ?? 0)} KB of images before the first scroll > 350 KB`,
        )
      if ((images[route]?.heroPosterRequests ?? 0) > 1)
        failures.push(`${route}: the hero poster was fetched ${images[route]?.heroPosterRequests} times`)
    }
  }

  if (!skip.has('lighthouse')) {
    for (const route of routes) {
      for (const formFactor of formFactors) {
        const samples = []
        for (let run = 1; run <= runs; run++) {
          console.error(`• Lighthouse ${formFactor} ${route} (run ${run}/${runs})…`)
          samples.push(await withRetries(() => runLighthouse(server.url + route, formFactor)))
        }
        const summary = summarise(samples)
        report[route].lighthouse[formFactor] = summary
        failures.push(...lighthouseFailures(route, formFactor, summary))
      }
    }
  }

  const markdown =
    (hero ? consoleHeroLines(hero) + '\n' : '') +
    renderMarkdown(routes, report, {
      runs,
      formFactors,
      skip,
      source: args.routes
        ? '--routes'
        : consoleHero
          ? '--console-hero'
          : seededPages
            ? '--pages'
            : discovered.source,
      realistic,
    })
  console.log('\n' + markdown)
  mkdirSync('reports', { recursive: true })
  const meta = {
    date: new Date().toISOString(),
    runs,
    formFactors,
    lighthouse: '13.5.0',
    chrome: chromeVersion(),
  }
  writeFileSync(
    `reports/${reportName}.json`,
    JSON.stringify({ ...meta, realistic, consoleHero: hero, routes: report, failures }, null, 2),
  )
  const title = realistic
    ? ' (realistic media)'
    : hero
      ? ' (a hero uploaded in the console)'
      : seededPages
        ? ' (landing pages made in the console)'
        : ''
  writeFileSync(`reports/${reportName}.md`, `# Audit${title}\n\n${markdown}\n`)
  if (failures.length) {
    console.log('\nBUDGET BROKEN:\n- ' + failures.join('\n- '))
    process.exitCode = 1
  } else console.log('\nAll budgets met.')
} finally {
  await server.stop()
  snapshot.remove()
  rmSync(work, { recursive: true, force: true })
}

/**
 * The realistic photos, then a build that shows them (and the normal build after it, so dist/ is
 * left as other tools expect it).
 */
async function realisticSnapshot() {
  await generateRealisticMedia(REALISTIC_MEDIA_DIR)
  const overlay = join(process.cwd(), REALISTIC_MEDIA_DIR)
  const { realistic: built, site } = snapshotBuilds([
    { name: 'realistic', env: { XR_MEDIA_OVERLAY: overlay } },
    { name: 'site' },
  ])
  site?.remove()
  if (!built) throw new Error('no realistic build')
  return built
}
