/**
 * `npm run bench`: what serving a page costs against serving a static file, on this machine,
 * with the production worker on workerd (`wrangler dev`, loopback, no compression).
 *
 * 1. Throughput and latency with autocannon at a few concurrency levels for (a) a static HTML
 *    asset the size of the home page, served by the same worker's static assets, (b) /, (c) the
 *    German home /de/ (its CPU also as a ratio to /'s, issue 61), (d) a legal page, (e) GET /api/settings; each page's requests/s as a ratio of the static asset's.
 *    The same two pages are also measured on a build without the page cache (XR_PAGE_CACHE=off),
 *    which is what every request cost before the cache.
 * 2. The CPU time of one home page render inside workerd, and how it grows with 2× and 4× the
 *    home page's sections (bench/render-cost, run by vitest in workerd).
 *
 *   npm run bench                                  # everything (about 4 minutes)
 *   npm run bench -- --duration 2 --rounds 1 --connections 1,10
 *   npm run bench -- --no-compare                  # skip the build without the page cache
 *   npm run bench -- --no-build                    # measure the current dist/ (implies --no-compare)
 *   npm run bench -- --skip render                 # HTTP only
 *   npm run bench -- --observability               # keep wrangler dev's Workers Logs emulation on
 *   npm run bench -- --scale [--sizes 1000,100000]   # the console at 1,000 / 100,000 / 1,000,000 leads
 *   npm run bench -- --scale-export [--leads N]      # the CSV export of every lead: time, CPU, heap
 *   npm run bench -- --redirects [--rules 10000]     # the console's redirects: one lookup, one table
 *   npm run bench -- --speed [--rows-per-day 2000]   # field speed: a beacon's cost, the Speed page at 400 days
 *
 * autocannon runs in this Node process and shares the machine's cores with workerd, as a real
 * benchmark on one box does; compare ratios, not absolute numbers, across machines. The CPU time
 * workerd spends per request (from /proc, Linux) is steadier than requests/s when the machine is
 * shared; most of it is local wrangler dev plumbing that every request pays, static ones too.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { cpuSampler } from './lib/proc-cpu.mjs'
import { listArg, parseArgs } from '../scripts/lib/routes.mjs'
import { serveSnapshot } from '../scripts/lib/serve.mjs'
import { snapshotBuilds } from '../scripts/lib/snapshot.mjs'
import { runExportCost } from './lib/export-cost.mjs'
import { runRedirects } from './lib/redirects.mjs'
import { runScale } from './lib/scale.mjs'
import { runSpeed } from './lib/speed.mjs'
import { median } from './lib/table.mjs'
import { renderMarkdown } from './ssr/markdown.mjs'

const args = parseArgs(process.argv.slice(2))
// The console at 1,000 / 100,000 / 1,000,000 leads instead (bench/lib/scale.mjs).
if (args.scale) process.exit(runScale({ sizes: listArg(args.sizes)?.map(Number) }))
// One redirect lookup and one table at 10,000 rules (bench/lib/redirects.mjs).
if (args.redirects) process.exit(await runRedirects({ rules: Number(args.rules ?? 10_000) }))
// What the CSV export of every lead costs the production worker (bench/lib/export-cost.mjs).
if (args['scale-export'])
  process.exit(await runExportCost({ leads: Number(args.leads ?? 1_000_000), build: !args['no-build'] }))
// Field speed: one beacon's ingestion, and the Speed page at 1 and 400 days (bench/lib/speed.mjs).
if (args.speed) process.exit(runSpeed({ rowsPerDay: Number(args['rows-per-day'] ?? 2_000) }))
const duration = Number(args.duration ?? 3)
const rounds = Number(args.rounds ?? 3)
const connectionLevels = (listArg(args.connections) ?? ['1', '10', '50']).map(Number)
const build = !args['no-build']
const compare = build && !args['no-compare']
const skip = new Set(listArg(args.skip) ?? [])
const LEGAL = typeof args.legal === 'string' ? args.legal : '/privacy-policy'
/**
 * The home page's HTML saved as a static .html file, served by Workers Static Assets at its
 * extensionless path (html_handling): "the site as static files". Both it and the pages are
 * text/html, so both pay the same local wrangler dev proxy work (it runs an HTMLRewriter over
 * every HTML response for live reload; production has no such step).
 */
const STATIC_FILE = '/bench-static-home.html'
const STATIC_PATH = '/bench-static-home'

const variants = compare
  ? [{ name: 'uncached', env: { XR_PAGE_CACHE: 'off' } }, { name: 'cached' }]
  : [{ name: 'cached' }]
const snapshots = snapshotBuilds(variants, { build })
/**
 * wrangler dev emulates Workers Logs (`[observability]`) on the request path: measured here at
 * about 2.7 ms of workerd CPU per worker invocation, which static assets never pay and which is
 * no part of the worker's own cost (on Cloudflare the logs are collected outside the request).
 * So this run's copies turn it off, unless `--observability` asks to keep it.
 */
const keepObservability = Boolean(args.observability)
if (!keepObservability) {
  for (const snapshot of Object.values(snapshots)) {
    const config = JSON.parse(readFileSync(snapshot.config, 'utf8'))
    writeFileSync(snapshot.config, JSON.stringify({ ...config, observability: { enabled: false } }))
  }
}
/** @type {Record<string, any>} */
const report = {
  date: new Date().toISOString(),
  duration,
  rounds,
  connectionLevels,
  observability: keepObservability,
  http: [],
  render: null,
}

const servers = []
try {
  if (!skip.has('http')) {
    const cached = snapshots.cached
    if (!cached) throw new Error('no build')
    // The static file: the home page's own HTML bytes, written into this run's copy of the assets.
    const homeBytes = await fetchHome(cached)
    writeFileSync(join(cached.client, STATIC_FILE), homeBytes)
    report.homeHtmlBytes = homeBytes.length

    const server = await serveSnapshot(cached)
    servers.push(server)
    const check = await fetch(server.url + STATIC_PATH)
    if (
      check.status !== 200 ||
      !check.headers.get('Content-Type')?.startsWith('text/html') ||
      (await check.arrayBuffer()).byteLength !== homeBytes.length
    )
      throw new Error(`static asset ${STATIC_PATH} is not served as written`)
    const targets = [
      {
        name: 'static HTML asset (home copy)',
        url: server.url + STATIC_PATH,
        build: 'cached',
        cpu: cpuOf(server),
      },
      { name: 'home /', url: server.url + '/', build: 'cached', cpu: cpuOf(server) },
      // Issue 61: a cached German view against the English one, as a ratio taken within each round.
      {
        name: 'German home /de/',
        url: server.url + '/de/',
        build: 'cached',
        cpu: cpuOf(server),
        versus: 'home /',
      },
      { name: `legal ${LEGAL}`, url: server.url + LEGAL, build: 'cached', cpu: cpuOf(server) },
      { name: 'GET /api/settings', url: server.url + '/api/settings', build: 'cached', cpu: cpuOf(server) },
    ]
    if (compare && snapshots.uncached) {
      const uncached = await serveSnapshot(snapshots.uncached)
      servers.push(uncached)
      targets.push(
        { name: 'home / (no page cache)', url: uncached.url + '/', build: 'uncached', cpu: cpuOf(uncached) },
        {
          name: `legal ${LEGAL} (no page cache)`,
          url: uncached.url + LEGAL,
          build: 'uncached',
          cpu: cpuOf(uncached),
        },
      )
    }
    report.http = await loadInterleaved(targets)
  }

  if (!skip.has('render')) report.render = measureRender()

  const markdown = renderMarkdown(report)
  console.log('\n' + markdown)
  mkdirSync('reports', { recursive: true })
  writeFileSync('reports/bench.json', JSON.stringify(report, null, 2))
  writeFileSync('reports/bench.md', `# Benchmark\n\n${markdown}\n`)
} finally {
  for (const server of servers) await server.stop()
  for (const snapshot of Object.values(snapshots)) snapshot.remove()
}

/** @param {{ url: string }} server */
function cpuOf(server) {
  return cpuSampler(new URL(server.url).port)
}

/** @param {import('../scripts/lib/snapshot.mjs').Snapshot} snapshot */
async function fetchHome(snapshot) {
  const server = await serveSnapshot(snapshot)
  try {
    const res = await fetch(server.url + '/')
    if (res.status !== 200) throw new Error(`GET / answered ${res.status}`)
    return Buffer.from(await res.arrayBuffer())
  } finally {
    await server.stop()
  }
}

/**
 * The machine is shared and its load drifts, so targets take turns: each round runs every target
 * once per concurrency level, and each figure is the median over rounds. A page's ratio to the
 * static asset is taken within each round (same conditions), then the median.
 * A target with `versus` also gets its workerd CPU per request over that target's, in each round.
 * @param {{ name: string, url: string, build: string, versus?: string }[]} targets
 */
async function loadInterleaved(targets) {
  for (const target of targets) {
    console.error(`• warm-up ${target.name}…`)
    await run(target.url, 10, 2) // JIT, caches, connections
  }
  const rows = []
  for (const connections of connectionLevels) {
    /** @type {Map<string, any[]>} */
    const samples = new Map(targets.map((t) => [t.name, []]))
    for (let round = 1; round <= rounds; round++) {
      console.error(`• round ${round}/${rounds}, ${connections} connection${connections === 1 ? '' : 's'}…`)
      let staticRps = NaN
      /** @type {Map<string, number>} this round's workerd CPU per request, by target */
      const cpuThisRound = new Map()
      for (const target of targets) {
        const before = target.cpu?.()
        const result = await run(target.url, connections, duration)
        const after = target.cpu?.()
        const perRequest = (key) =>
          before && after && result.requests.total ? (after[key] - before[key]) / result.requests.total : NaN
        if (target === targets[0]) staticRps = result.requests.average
        cpuThisRound.set(target.name, perRequest('workerdMs'))
        samples.get(target.name)?.push({
          result,
          ratio: result.requests.average / staticRps,
          cpuVersus: target.versus ? perRequest('workerdMs') / (cpuThisRound.get(target.versus) ?? NaN) : NaN,
          workerdCpuMs: perRequest('workerdMs'),
          wranglerCpuMs: perRequest('nodeMs'),
        })
      }
    }
    for (const target of targets) {
      const runs = samples.get(target.name) ?? []
      const results = runs.map((r) => r.result)
      rows.push({
        target: target.name,
        path: new URL(target.url).pathname,
        build: target.build,
        connections,
        rounds: runs.length,
        requestsPerSecond: median(results.map((r) => r.requests.average)),
        ratioToStatic: median(runs.map((r) => r.ratio)),
        workerdCpuMsPerRequest: median(runs.map((r) => r.workerdCpuMs)),
        ...(target.versus ? { versus: target.versus, cpuVersus: median(runs.map((r) => r.cpuVersus)) } : {}),
        wranglerCpuMsPerRequest: median(runs.map((r) => r.wranglerCpuMs)),
        latencyP50Ms: median(results.map((r) => r.latency.p50)),
        latencyP99Ms: median(results.map((r) => r.latency.p99)),
        bytesPerRequest: median(
          results.map((r) => (r.requests.total ? r.throughput.total / r.requests.total : 0)),
        ),
        non2xx: results.reduce((n, r) => n + r.non2xx, 0),
        errors: results.reduce((n, r) => n + r.errors + r.timeouts, 0),
      })
    }
  }
  return rows
}

/**
 * @param {string} url
 * @param {number} connections
 * @param {number} seconds
 * @returns {Promise<any>}
 */
function run(url, connections, seconds) {
  return autocannon({ url, connections, duration: seconds, pipelining: 1 })
}

function measureRender() {
  console.error('• render cost in workerd (vitest)…')
  const out = join(tmpdir(), `xr-render-cost-${process.pid}.json`)
  execFileSync('node_modules/.bin/vitest', ['run', '--config', 'bench/render-cost/vitest.config.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, RENDER_COST_OUT: out },
  })
  return JSON.parse(readFileSync(out, 'utf8')).results
}
