/**
 * `npm run load`: the production worker on workerd (`wrangler dev` of a private build snapshot,
 * loopback only) under mixed traffic at high concurrency for a bounded time, then a check that
 * it held up: no 5xx, no connection errors, p99 latency within a (generous) bound, memory
 * steady, and every lead it accepted delivered to a local fake EmailJS (or still on its way,
 * with its row in D1).
 *
 *   npm run load                                   # build, 20 s warm-up, 45 s of load (~2.5 min)
 *   npm run load -- --duration 20 --connections 100
 *   npm run load -- --no-build                     # load the current dist/
 *   npm run load -- --bot-wave                     # a minute of bots and people instead (lib/bot-wave.mjs)
 *   npm run load -- --primary-down                 # leads while EmailJS answers 503 (lib/primary-down.mjs)
 *   npm run load -- --experiment                   # 2,000 visitors of an experiment, 40 leads (lib/experiment-load.mjs)
 *
 * Options: --duration S (45), --connections N (64, shared by the unthrottled classes),
 * --warmup S (20), --contact-rate N (1 lead post per second, each from its own client address),
 * --max-p99 MS (2000, per traffic class), --drain S (120, the longest wait for the leads queue
 * to empty after the load), --rss-growth X (2: memory at the end of the load may be at most X
 * times its value after the warm-up), --no-emailjs-limit (the fake EmailJS then takes more than
 * 1 request per second), --no-build.
 *
 * Traffic classes, each its own autocannon instance with a share of the connections: pages (/,
 * an inner page, a legal page, the 404), static assets (a hashed JS and CSS file from the Vite
 * manifest, an image from public/), GET /api/settings, admin sign-ins with a wrong password
 * (PUT /api/settings: 401, then 429 once the client is locked out), contact posts from one
 * client (202 for the first few, then 429: the limiter at work, counted as rate limited), and
 * valid leads from distinct client addresses at a fixed rate. The worker keys its limits on
 * CF-Connecting-IP, which wrangler dev passes through from the request (checked at start with
 * posts that fail validation, so the check itself creates no lead). The queue consumer sends
 * about one lead per second to EmailJS, so the rate of leads stays low enough for the queue to
 * drain in a bounded wait.
 *
 * Memory: the RSS of wrangler dev's workerd processes from /proc every second (idle, after the
 * warm-up, mid-load, end, max), and at the same marks the JavaScript heap of the worker's own
 * isolate through the inspector. Under wrangler dev the workerd RSS climbs with the number of
 * requests served, steeply at first and more slowly later, in wrangler's proxy (which runs no
 * application code) as well as in the worker's process, while the app's heap stays flat: the
 * warm-up takes the steep part, and the heap shows whether the app itself holds on to memory.
 *
 * Writes reports/load.json (and reports/load.md) and prints the tables. Exits 1 when a check
 * fails, 2 on bad options, 130 when interrupted; child processes are stopped in every case.
 * autocannon runs in this Node process and shares the machine's cores with workerd: the
 * latencies are those of a busy shared box, not of production.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { startFakeEmailJs } from '../tests/support/fake-emailjs.ts'
import { runBotWave } from './lib/bot-wave.mjs'
import { runPrimaryDown } from './lib/primary-down.mjs'
import { runExperimentLoad } from './lib/experiment-load.mjs'
import { loadForm, untilPostable } from '../scripts/lib/contact-form.mjs'
import { processStart, wranglerTree } from '../scripts/lib/proc-tree.mjs'
import { serveSnapshot } from '../scripts/lib/serve.mjs'
import { snapshotBuild } from '../scripts/lib/snapshot.mjs'
import {
  args,
  options,
  SERVICE_ID,
  SECOND,
  FORMS_LOADED,
  cleanups,
  trackers,
  state,
  cleanup,
  sleep,
  once,
  fetchOk,
} from './load/context.mjs'
import { pickAssets, trafficClasses } from './load/traffic.mjs'
import { leadBook, receivedLeads, drainLeads, readLeadRecords, accountLeads } from './load/leads.mjs'
import { probeClientAddress, preflight, runPhase, summarize } from './load/phases.mjs'
import { memoryWatch } from './load/memory.mjs'
import { checks, logExcerpt } from './load/checks.mjs'
import { renderMarkdown } from './load/markdown.mjs'
if (args.help) {
  console.log(readFileSync(new URL(import.meta.url), 'utf8').split('*/')[0])
  process.exit(0)
}
if (args['bot-wave']) process.exit(await runBotWave({ build: !args['no-build'] }))
if (args['primary-down']) process.exit(await runPrimaryDown({ build: !args['no-build'] }))
if (args.experiment) process.exit(await runExperimentLoad({ build: !args['no-build'] }))
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    if (state.aborting) return
    state.aborting = true
    console.error(`\n• ${signal}: stopping…`)
    for (const tracker of trackers) tracker.stop()
    void cleanup().finally(() => process.exit(130))
  })
}

let exitCode = 1
try {
  exitCode = await main()
} catch (error) {
  console.error('\nload test aborted:', error instanceof Error ? (error.stack ?? error.message) : error)
} finally {
  await cleanup()
}
process.exit(state.aborting ? 130 : exitCode)

async function main() {
  const snapshot = snapshotBuild({ build: options.build })
  cleanups.push(() => snapshot.remove())
  const assets = pickAssets(snapshot)

  // Every phase has a time limit of its own; this one catches anything that hangs between them.
  const limitSeconds = options.warmup + options.duration + options.drain + 300
  const watchdog = setTimeout(() => {
    console.error(`\nload test did not finish within ${limitSeconds} s, stopping`)
    for (const tracker of trackers) tracker.stop()
    void cleanup().finally(() => process.exit(1))
  }, limitSeconds * SECOND)
  watchdog.unref()
  cleanups.push(() => clearTimeout(watchdog))

  console.error('• fake EmailJS and wrangler dev…')
  const fake = await startFakeEmailJs()
  cleanups.push(() => fake.close().catch(() => undefined))
  await fetchOk(fake.url + '/__control', {
    method: 'POST',
    body: JSON.stringify({ service_id: SERVICE_ID, reset: true, perSecond: options.emailJsLimit ? 1 : null }),
  })

  const server = await serveSnapshot(snapshot, {
    vars: {
      EMAILJS_API_BASE: fake.url,
      EMAILJS_PUBLIC_KEY: 'load-public-key',
      EMAILJS_SERVICE_ID: SERVICE_ID,
      EMAILJS_TEMPLATE_ID: 'template_load',
      // The run posts more leads than a day's default cap of 100; the cap has its own tests.
      CONTACT_DAILY_EMAIL_CAP: '1000000',
    },
    // D1 is read after the worker stops; the state is removed below.
    keepState: true,
  })
  const base = server.url
  if (new URL(base).hostname !== '127.0.0.1') throw new Error(`not a loopback address: ${base}`)
  const tree = wranglerTree(new URL(base).port)
  if (tree?.persistDir) {
    const dir = tree.persistDir
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  }
  const stopServer = once(async () => {
    const started = (tree?.pids() ?? []).map((pid) => ({ pid, start: processStart(pid) }))
    await server.stop()
    // wrangler's workerd processes end a second or two after it; should one linger, end it by pid.
    const alive = () => started.filter(({ pid, start }) => start && processStart(pid) === start)
    for (const deadline = Date.now() + 10 * SECOND; alive().length && Date.now() < deadline;) await sleep(250)
    for (const signal of /** @type {const} */ (['SIGTERM', 'SIGKILL'])) {
      const lingering = alive()
      if (!lingering.length) break
      console.error(
        `• ${signal} to processes that outlived wrangler dev: ${lingering.map((p) => p.pid).join(' ')}`,
      )
      for (const { pid } of lingering) {
        try {
          process.kill(Number(pid), signal)
        } catch {
          // ended meanwhile
        }
      }
      await sleep(2 * SECOND)
    }
  })
  cleanups.push(stopServer)

  const memory = memoryWatch(tree, new URL(base).port, () =>
    fetch(base + '/api/settings').then((r) => r.arrayBuffer()),
  )
  cleanups.push(() => memory.stop())
  memory.mark('idle')

  const probe = await probeClientAddress(base)
  console.error(
    probe.honoured
      ? '• CF-Connecting-IP is honoured: each lead post comes from its own client'
      : '• CF-Connecting-IP is NOT honoured under wrangler dev: all posts share one client, 429s on contact are the limiter at work',
  )
  // Every lead posts the token of a home page's form, as a visitor's browser would, once it is
  // older than the 3 s a person needs; a token carries one post (leads/services/form-token.ts), so the
  // forms are loaded first and each accepted post spends one.
  const forms = []
  for (let i = 0; i < FORMS_LOADED; i++) forms.push(await loadForm(base))
  await untilPostable(Math.max(...forms.map((form) => form.servedAt)))
  const leads = leadBook(forms.map((form) => form.token))
  const classes = trafficClasses(base, assets, probe.honoured, leads)
  await preflight(base, classes)

  /** @type {Record<string, any>} */
  const report = {
    date: new Date().toISOString(),
    options,
    worker: { url: base, assets, processes: memory.last()?.processes },
    clientAddressProbe: probe,
  }

  if (options.warmup > 0) {
    console.error(`• warm-up: ${options.warmup} s, no contact posts…`)
    const warm = await runPhase(
      base,
      classes.filter((c) => !c.contact),
      options.warmup,
    )
    report.warmup = summarize(warm)
    await sleep(SECOND)
  }
  memory.mark('afterWarmup')

  const connectionsUsed = classes.reduce((n, c) => n + c.connections, 0)
  console.error(`• load: ${options.duration} s, ${connectionsUsed} connections, ${classes.length} classes…`)
  const loadStarted = Date.now()
  const midTimer = setTimeout(() => memory.mark('midLoad'), (options.duration * SECOND) / 2)
  const load = await runPhase(base, classes, options.duration)
  clearTimeout(midTimer)
  if (state.aborting) return 130
  memory.mark('endOfLoad')
  report.load = summarize(load)
  report.load.seconds = (Date.now() - loadStarted) / SECOND

  console.error(
    `• waiting up to ${options.drain} s for ${leads.accepted.size} accepted leads to reach the fake EmailJS…`,
  )
  await drainLeads(fake.url, leads, options.drain)
  memory.mark('afterDrain')
  memory.stop()
  await memory.settled()

  if (state.aborting) return 130
  // D1 is read from wrangler dev's local state once it has stopped.
  await stopServer()
  const records = tree?.persistDir ? await readLeadRecords(tree.persistDir, leads) : undefined
  // What reached the fake EmailJS until the worker stopped (the consumer runs to the end).
  const received = await receivedLeads(fake.url)
  report.leads = accountLeads(leads, received, records)
  report.memory = memory.summary()

  report.checks = checks(report)
  report.passed = report.checks.every((/** @type {{ ok: boolean }} */ c) => c.ok)
  const failed5xx = report.load.total.status5xx + (report.warmup?.total.status5xx ?? 0)
  if (failed5xx > 0 || !report.passed) report.workerLogExcerpt = logExcerpt(server.logs())

  const markdown = renderMarkdown(report)
  console.log('\n' + markdown)
  mkdirSync('reports', { recursive: true })
  writeFileSync('reports/load.json', JSON.stringify({ ...report, memory: memory.full() }, null, 2))
  writeFileSync('reports/load.md', `# Load test\n\n${markdown}\n`)
  console.error(`\n• reports/load.json written; ${report.passed ? 'all checks passed' : 'FAILED'}`)
  return report.passed ? 0 : 1
}

// ---------------------------------------------------------------------------------------------
// Options and small helpers

// ---------------------------------------------------------------------------------------------
// Targets

/**
 * @typedef {{ method: string, path: string, headers?: Record<string, string>, body?: string,
 *   setupRequest?: (req: any, context: any) => any,
 *   onResponse?: (status: number, body: string, context: any) => void }} LoadRequest
 * @typedef {{ key: string, name: string, weight: number, rate?: number, connections: number,
 *   expect: number[], type?: RegExp, contact?: boolean, request: LoadRequest }} TrafficClass
 */

// ---------------------------------------------------------------------------------------------
// Leads

// ---------------------------------------------------------------------------------------------
// Checks before the load

// ---------------------------------------------------------------------------------------------
// Load

// ---------------------------------------------------------------------------------------------
// Memory

// ---------------------------------------------------------------------------------------------
// Verdict and report
