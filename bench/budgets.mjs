/**
 * `npm run budgets`: the byte budgets of issue 2, as a report (not a test). Builds, serves the
 * production worker on workerd, and for every public route adds up the client JS the page loads
 * (its module scripts, their static imports and the lazily loaded chunks of its islands, per the
 * Vite manifest), its CSS and its HTML, gzip. Exits 1 when a budget breaks.
 *
 *   npm run budgets                        # build, then measure every route of the sitemap
 *   npm run budgets -- --no-build          # measure the current dist/
 *   npm run budgets -- --routes /,/gaming  # only these routes
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { byteBudgetFailures, BYTE_BUDGETS, loadManifest, pageBytes } from './lib/page-bytes.mjs'
import { discoverRoutes, listArg, parseArgs } from '../scripts/lib/routes.mjs'
import { serveSnapshot } from '../scripts/lib/serve.mjs'
import { snapshotBuild } from '../scripts/lib/snapshot.mjs'
import { kb, markdownTable } from './lib/table.mjs'

const args = parseArgs(process.argv.slice(2))
const snapshot = snapshotBuild({ build: !args['no-build'] })
const server = await serveSnapshot(snapshot)
try {
  const discovered = await discoverRoutes(server.url)
  const routes = listArg(args.routes) ?? discovered.routes
  const manifestInfo = loadManifest(snapshot.client)
  const rows = []
  const failures = []
  for (const route of routes) {
    const res = await fetch(server.url + route, { headers: { 'User-Agent': 'xr-budgets-bot' } })
    const html = await res.text()
    if (res.status !== 200) failures.push(`${route}: HTTP ${res.status}`)
    const bytes = pageBytes(html, snapshot.client, manifestInfo)
    failures.push(...byteBudgetFailures(route, bytes))
    rows.push({ route, status: res.status, ...bytes })
  }

  const table = markdownTable(
    [
      'route',
      'status',
      'JS kind',
      'islands',
      'JS gzip KB',
      'JS raw KB',
      'inline JS B',
      'CSS gzip KB',
      'HTML gzip KB',
      'HTML raw KB',
    ],
    rows.map((r) => [
      r.route,
      r.status,
      r.kind === 'none' ? 'no JS' : r.kind === 'enhance' ? 'enhance only' : 'islands',
      r.islands.join(' ') || '-',
      kb(r.jsGzip),
      kb(r.jsRaw),
      r.inlineJs,
      kb(r.cssGzip),
      kb(r.htmlGzip),
      kb(r.htmlRaw),
    ]),
  )
  const budgets = [
    `Routes from ${args.routes ? '--routes' : discovered.source}. Sizes are gzip level 6 of the built files.`,
    `Budgets: 0 JS without islands or videos; enhance-only pages ≤ ${kb(BYTE_BUDGETS.enhanceJs)} KB;`,
    `inline script ≤ ${BYTE_BUDGETS.inlineJs} B on every page (the prerender beacon and the speed reporter's loader, which`,
    `fetches the reporter after load on a sampled share of views: not counted as the page's JS);`,
    `home JS ≤ ${kb(BYTE_BUDGETS.homeJs)} KB, home HTML ≤ ${kb(BYTE_BUDGETS.homeHtml)} KB; CSS ≤ ${kb(BYTE_BUDGETS.css)} KB.`,
  ].join('\n')
  console.log('\n' + table + '\n\n' + budgets)
  mkdirSync('reports', { recursive: true })
  writeFileSync(
    'reports/budgets.json',
    JSON.stringify({ date: new Date().toISOString(), rows, failures }, null, 2),
  )
  writeFileSync('reports/budgets.md', `# Byte budgets\n\n${table}\n\n${budgets}\n`)
  if (failures.length) {
    console.log('\nBUDGET BROKEN:\n- ' + failures.join('\n- '))
    process.exitCode = 1
  } else console.log('\nAll byte budgets met.')
} finally {
  await server.stop()
  snapshot.remove()
}
