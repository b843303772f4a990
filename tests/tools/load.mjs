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
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { startFakeEmailJs } from '../support/fake-emailjs.ts'
import { runBotWave } from './lib/bot-wave.mjs'
import { loadForm, untilPostable } from './lib/contact-form.mjs'
import { d1Query } from './lib/d1-local.mjs'
import { processStart, wranglerTree } from './lib/proc-tree.mjs'
import { parseArgs } from './lib/routes.mjs'
import { serveSnapshot } from './lib/serve.mjs'
import { snapshotBuild } from './lib/snapshot.mjs'
import { markdownTable } from './lib/table.mjs'
import { workerHeap } from './lib/worker-heap.mjs'

const args = parseArgs(process.argv.slice(2))
if (args.help) {
  console.log(readFileSync(new URL(import.meta.url), 'utf8').split('*/')[0])
  process.exit(0)
}
if (args['bot-wave']) process.exit(await runBotWave({ build: !args['no-build'] }))
const options = {
  duration: numberArg('duration', 45, 5, 3600),
  connections: numberArg('connections', 64, 10, 1000, true),
  warmup: numberArg('warmup', 20, 0, 600),
  contactRate: numberArg('contact-rate', 1, 1, 50, true),
  maxP99Ms: numberArg('max-p99', 2000, 1, 600_000),
  drain: numberArg('drain', 120, 0, 3600),
  rssGrowth: numberArg('rss-growth', 2, 1, 100),
  emailJsLimit: !args['no-emailjs-limit'],
  build: !args['no-build'],
}

const SERVICE_ID = 'service_load'
const RUN_ID = Date.now().toString(36)
const PROBE_IP = '198.51.100.7'
const PROBE_OTHER_IP = '198.51.100.8'
const CONTACT_ONE_IP = '192.0.2.10'
const ADMIN_IP = '192.0.2.20'
const NOT_FOUND_PATH = '/load-test/no-such-page'
const INNER_PAGE = '/about-us'
const LEGAL_PAGE = '/privacy-policy'
const SECOND = 1000
/** Forms loaded before the run, one token each: far more than the posts the rate limits accept. */
const FORMS_LOADED = 200
const MB = 1024 * 1024
/** How the memory table groups wrangler dev's processes (see roleOf). */
const MEMORY_GROUPS = /** @type {const} */ ([
  { key: 'workerd', label: 'workerd, all', roles: ['proxy', 'worker'] },
  { key: 'worker', label: 'workerd: the worker (app, assets, queue)', roles: ['worker'] },
  { key: 'proxy', label: 'workerd: wrangler dev proxy', roles: ['proxy'] },
  { key: 'node', label: 'wrangler (Node)', roles: ['node'] },
])
const MEMORY_MARKS = /** @type {const} */ (['idle', 'afterWarmup', 'midLoad', 'endOfLoad', 'afterDrain'])

/** @type {(() => unknown)[]} run last-in first-out */
const cleanups = []
/** @type {Set<{ stop: () => void }>} */
const trackers = new Set()
let aborting = false
/** Responses received so far, all phases and classes: the memory samples note it. */
let responseCount = 0
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    if (aborting) return
    aborting = true
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
process.exit(aborting ? 130 : exitCode)

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
  // older than the 3 s a person needs; a token carries one post (services/form-token.ts), so the
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
  if (aborting) return 130
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

  if (aborting) return 130
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

/**
 * @param {string} name
 * @param {number} fallback
 * @param {number} min
 * @param {number} max
 * @param {boolean} [integer]
 */
function numberArg(name, fallback, min, max, integer = false) {
  const raw = args[name]
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (
    raw === true ||
    !Number.isFinite(value) ||
    value < min ||
    value > max ||
    (integer && !Number.isInteger(value))
  ) {
    console.error(`--${name} wants ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`)
    process.exit(2)
  }
  return value
}

async function cleanup() {
  while (cleanups.length) {
    const step = cleanups.pop()
    try {
      await step?.()
    } catch (error) {
      console.error('cleanup:', error)
    }
  }
}

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/**
 * @template T
 * @param {() => Promise<T>} fn
 * @returns {() => Promise<T>}
 */
function once(fn) {
  /** @type {Promise<T> | undefined} */
  let result
  return () => (result ??= fn())
}

/**
 * @param {string} url
 * @param {RequestInit} [init]
 */
async function fetchOk(url, init) {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30 * SECOND) })
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${res.status}`)
  return res
}

/** @param {number[]} sorted ascending @param {number} p 0–100 */
function percentile(sorted, p) {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN
}

/** @param {number} bytes */
function mb(bytes) {
  return (bytes / 1024 / 1024).toFixed(0)
}

/** @param {number} bytes */
function mb1(bytes) {
  return (bytes / MB).toFixed(1)
}

/** @param {number} kb */
function kbText(kb) {
  return Number.isNaN(kb) ? '-' : kb.toFixed(1)
}

/** @param {number} ms */
function msText(ms) {
  return Number.isNaN(ms) ? '-' : ms < 10 ? ms.toFixed(1) : Math.round(ms).toString()
}

// ---------------------------------------------------------------------------------------------
// Targets

/** A hashed JS and CSS file from the Vite manifest and an image from public/, as URL paths. */
function pickAssets(/** @type {import('./lib/snapshot.mjs').Snapshot} */ snapshot) {
  /** @type {Record<string, { file: string, isEntry?: boolean, css?: string[] }>} */
  const manifest = JSON.parse(readFileSync(snapshot.manifest, 'utf8'))
  const entries = Object.values(manifest)
  const js = entries.find((e) => e.isEntry && e.file.endsWith('.js'))?.file
  const css =
    entries.find((e) => e.file.endsWith('.css'))?.file ?? entries.flatMap((e) => e.css ?? []).find(Boolean)
  if (!js || !css) throw new Error(`no hashed JS or CSS file in ${snapshot.manifest}`)
  const image = ['og-image.png', ...imagesUnder(snapshot.client, 'media')].find((f) =>
    existsSync(join(snapshot.client, f)),
  )
  if (!image) throw new Error('no image in the build’s public files')
  return { js: '/' + js, css: '/' + css, image: '/' + image }
}

/** @param {string} root @param {string} dir @returns {string[]} */
function imagesUnder(root, dir) {
  if (!existsSync(join(root, dir))) return []
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) return imagesUnder(root, path)
    return /\.(png|jpe?g|webp|avif|gif|svg)$/.test(entry.name) ? [path] : []
  })
}

/**
 * @typedef {{ method: string, path: string, headers?: Record<string, string>, body?: string,
 *   setupRequest?: (req: any, context: any) => any,
 *   onResponse?: (status: number, body: string, context: any) => void }} LoadRequest
 * @typedef {{ key: string, name: string, weight: number, rate?: number, connections: number,
 *   expect: number[], type?: RegExp, contact?: boolean, request: LoadRequest }} TrafficClass
 */

/** What a browser's same-origin fetch sends: the form's own posts look like this. */
function sameOriginHeaders(/** @type {string} */ base) {
  return { origin: base, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }
}

/**
 * @param {string} base
 * @param {{ js: string, css: string, image: string }} assets
 * @param {boolean} addressHonoured
 * @param {ReturnType<typeof leadBook>} leads
 * @returns {TrafficClass[]}
 */
function trafficClasses(base, assets, addressHonoured, leads) {
  const get = (/** @type {string} */ path) => ({ method: 'GET', path })
  /** @type {Omit<TrafficClass, 'connections'>[]} */
  const weighted = [
    { key: 'home', name: 'page /', weight: 12, expect: [200], type: /^text\/html/, request: get('/') },
    {
      key: 'inner',
      name: `page ${INNER_PAGE}`,
      weight: 8,
      expect: [200],
      type: /^text\/html/,
      request: get(INNER_PAGE),
    },
    {
      key: 'legal',
      name: `legal ${LEGAL_PAGE}`,
      weight: 8,
      expect: [200],
      type: /^text\/html/,
      request: get(LEGAL_PAGE),
    },
    {
      key: 'notFound',
      name: '404 page',
      weight: 6,
      expect: [404],
      type: /^text\/html/,
      request: get(NOT_FOUND_PATH),
    },
    {
      key: 'js',
      name: 'asset JS (hashed)',
      weight: 6,
      expect: [200],
      type: /javascript/,
      request: get(assets.js),
    },
    {
      key: 'css',
      name: 'asset CSS (hashed)',
      weight: 4,
      expect: [200],
      type: /^text\/css/,
      request: get(assets.css),
    },
    {
      key: 'image',
      name: 'image (public/)',
      weight: 6,
      expect: [200],
      type: /^image\//,
      request: get(assets.image),
    },
    {
      key: 'settings',
      name: 'GET /api/settings',
      weight: 8,
      expect: [200],
      type: /^application\/json/,
      request: get('/api/settings'),
    },
    {
      key: 'admin',
      name: 'PUT /api/settings, wrong password',
      weight: 3,
      expect: [401, 429],
      request: {
        method: 'PUT',
        path: '/api/settings',
        headers: {
          ...sameOriginHeaders(base),
          'content-type': 'application/json',
          authorization: 'Basic ' + Buffer.from('admin:not-the-password').toString('base64'),
          'cf-connecting-ip': ADMIN_IP,
        },
        body: JSON.stringify({ view3dUrl: 'https://viewer.example.com/' }),
      },
    },
    {
      key: 'contactOne',
      name: 'POST /api/contact, one client',
      weight: 3,
      expect: [202, 429],
      contact: true,
      request: leads.request(base, 'contactOne', () => CONTACT_ONE_IP),
    },
  ]
  const totalWeight = weighted.reduce((n, c) => n + c.weight, 0)
  const shares = weighted.map((c) => Math.max(1, Math.floor((options.connections * c.weight) / totalWeight)))
  // Largest remainder: hand out what flooring left over, biggest classes first.
  for (let left = options.connections - shares.reduce((n, s) => n + s, 0), i = 0; left > 0; left--, i++)
    shares[i % shares.length] = (shares[i % shares.length] ?? 0) + 1
  /** @type {TrafficClass[]} */
  const classes = weighted.map((c, i) => ({ ...c, connections: shares[i] ?? 1 }))
  classes.push({
    key: 'contactLeads',
    name: `POST /api/contact, distinct clients, ${options.contactRate}/s`,
    weight: 0,
    rate: options.contactRate,
    connections: Math.min(options.contactRate, 4),
    // With the address honoured every post is a new client, so a 429 would be a limiter bug.
    expect: addressHonoured ? [202] : [202, 429],
    contact: true,
    request: leads.request(base, 'contactLeads', (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`),
  })
  return classes
}

// ---------------------------------------------------------------------------------------------
// Leads

/** The posts made, the leads the worker accepted (202 with an id), and how each was answered. */
/**
 * @param {string[]} formTokens unspent form tokens: a post takes one, and gives it back unless it
 * was accepted (a post refused before it was judged, a 429, spends nothing)
 */
function leadBook(formTokens) {
  let seq = 0
  const unspent = [...formTokens]
  /** @type {Map<string, { token: string, className: string }>} lead id → token */
  const accepted = new Map()
  /** @type {Map<string, number>} token → status of the answer */
  const answered = new Map()
  return {
    accepted,
    answered,
    /**
     * @param {string} base
     * @param {string} className
     * @param {(n: number) => string} address the CF-Connecting-IP of post n
     * @returns {LoadRequest}
     */
    request(base, className, address) {
      const headers = { ...sameOriginHeaders(base), 'content-type': 'application/json' }
      return {
        method: 'POST',
        path: '/api/contact',
        // Called right before each request is written (autocannon, pipelining 1), so the
        // context's token is the one of the request its response answers.
        setupRequest: (req, context) => {
          const n = ++seq
          const token = `${RUN_ID}-${n}`
          const formToken = unspent.pop()
          if (!formToken) throw new Error(`all ${formTokens.length} form tokens were spent: load more forms`)
          context.token = token
          context.formToken = formToken
          return {
            ...req,
            headers: { ...headers, 'cf-connecting-ip': address(n) },
            body: JSON.stringify({ ...leadBody(token, n), formToken }),
          }
        },
        onResponse: (status, body, context) => {
          const token = String(context.token)
          answered.set(token, status)
          if (status !== 202) {
            unspent.push(String(context.formToken))
            return
          }
          try {
            const id = JSON.parse(body).id
            if (typeof id === 'string') accepted.set(id, { token, className })
          } catch {
            // counted as a lead without an id below
            accepted.set(`(no id: ${token})`, { token, className })
          }
        },
      }
    },
  }
}

/** @param {string} token @param {number} n */
function leadBody(token, n) {
  return {
    name: `Load Test ${n}`,
    email: `load-${token}@example.com`,
    phone: '+1 555 0100',
    inquiry: `Load test lead ${n} of run ${RUN_ID}.`,
    time: new Date().toUTCString(),
  }
}

/** @param {unknown} body the JSON the fake EmailJS received */
function tokenOf(body) {
  const email = /** @type {any} */ (body)?.template_params?.email
  return typeof email === 'string' ? /^load-(.+)@example\.com$/.exec(email)?.[1] : undefined
}

/**
 * Every request the fake EmailJS has had for this run's service, with the status it answered.
 * @param {string} fakeUrl
 * @returns {Promise<{ body: unknown, status: number, at: number }[]>}
 */
async function receivedLeads(fakeUrl) {
  const res = await fetchOk(`${fakeUrl}/__received?service_id=${SERVICE_ID}`)
  return res.json()
}

/**
 * Polls the fake EmailJS until every accepted lead has arrived with a 200 answer, or the time is up.
 * @param {string} fakeUrl
 * @param {ReturnType<typeof leadBook>} leads
 * @param {number} seconds
 * @returns {Promise<void>}
 */
async function drainLeads(fakeUrl, leads, seconds) {
  const started = Date.now()
  let lastLog = started
  for (;;) {
    const received = await receivedLeads(fakeUrl)
    const delivered = new Set(received.filter((r) => r.status === 200).map((r) => tokenOf(r.body)))
    const missing = [...leads.accepted.values()].filter((a) => !delivered.has(a.token)).length
    if (missing === 0 || Date.now() - started >= seconds * SECOND || aborting) {
      console.error(
        `• ${missing} accepted leads not delivered after ${Math.round((Date.now() - started) / SECOND)} s`,
      )
      return
    }
    if (Date.now() - lastLog >= 10 * SECOND) {
      console.error(`  …${missing} still on their way`)
      lastLog = Date.now()
    }
    await sleep(2 * SECOND)
  }
}

/**
 * The D1 rows of the accepted leads, read from wrangler dev's local state after it stopped
 * (`wrangler d1 execute --local --json`, as the README shows for people).
 * @param {string} persistDir
 * @param {ReturnType<typeof leadBook>} leads
 * @returns {Promise<Map<string, { status: string, attempts: number }> | undefined>}
 */
async function readLeadRecords(persistDir, leads) {
  const ids = [...leads.accepted.keys()].filter((id) => /^[0-9a-f-]{36}$/.test(id))
  if (ids.length === 0) return new Map()
  const query = `SELECT id, status, attempts FROM leads WHERE id IN (${ids.map((id) => `'${id}'`).join(',')})`
  try {
    const rows = await d1Query(persistDir, query)
    return new Map(rows.map((/** @type {any} */ row) => [row.id, row]))
  } catch (error) {
    console.error('• could not read the leads from D1:', error instanceof Error ? error.message : error)
    return undefined
  }
}

/**
 * @param {ReturnType<typeof leadBook>} leads
 * @param {{ body: unknown, status: number }[]} received
 * @param {Map<string, any> | undefined} records
 */
function accountLeads(leads, received, records) {
  /** @type {Map<string, number>} */
  const deliveries = new Map()
  let emailJs429 = 0
  for (const r of received) {
    if (r.status === 429) emailJs429++
    const token = tokenOf(r.body)
    if (r.status === 200 && token) deliveries.set(token, (deliveries.get(token) ?? 0) + 1)
  }
  const acceptedTokens = new Set([...leads.accepted.values()].map((a) => a.token))
  const answers = [...leads.answered.values()]
  let delivered = 0
  let pendingWithRecord = 0
  /** @type {{ id: string, token: string, record: unknown }[]} */
  const unaccounted = []
  /** @type {Record<string, number>} */
  const recordStatuses = {}
  for (const [id, { token }] of leads.accepted) {
    const record = records?.get(id)
    if (record) recordStatuses[record.status] = (recordStatuses[record.status] ?? 0) + 1
    if (deliveries.has(token)) delivered++
    else if (record && ['accepted', 'sending', 'retrying'].includes(record.status)) pendingWithRecord++
    else unaccounted.push({ id, token, record: record ?? null })
  }
  const extra = [...deliveries.keys()].filter((t) => !acceptedTokens.has(t))
  return {
    posts: answers.length,
    accepted: leads.accepted.size,
    rateLimited: answers.filter((s) => s === 429).length,
    otherAnswers: answers.filter((s) => s !== 202 && s !== 429).length,
    delivered,
    pendingWithRecord,
    unaccounted,
    duplicateDeliveries: [...deliveries.values()].filter((n) => n > 1).length,
    emailJs429,
    // Posts still in flight when the load stopped: the worker took them, the answer was cut off.
    deliveredAnswerNotSeen: extra.filter((t) => !leads.answered.has(t)).length,
    // A lead the worker refused (429, 4xx) must never be sent.
    deliveredThoughRefused: extra.filter((t) => leads.answered.has(t)).length,
    storeRead: records !== undefined,
    recordStatuses,
  }
}

// ---------------------------------------------------------------------------------------------
// Checks before the load

/**
 * Is CF-Connecting-IP honoured? Posts that fail validation still count against the contact
 * limit (it is checked first) but create no lead: 5 from one address, the 6th must be 429; then
 * one from another address is 400 when the header is honoured, 429 when it is not.
 * @param {string} base
 */
async function probeClientAddress(base) {
  /** @param {string} ip */
  const post = async (ip) => {
    const res = await fetch(base + '/api/contact', {
      method: 'POST',
      headers: { ...sameOriginHeaders(base), 'content-type': 'application/json', 'cf-connecting-ip': ip },
      body: '{}',
      signal: AbortSignal.timeout(30 * SECOND),
    })
    await res.arrayBuffer()
    return res.status
  }
  const first = []
  for (let i = 0; i < 6; i++) first.push(await post(PROBE_IP))
  const other = await post(PROBE_OTHER_IP)
  if (first.slice(0, 5).some((s) => s !== 400))
    throw new Error(
      `invalid contact posts answered ${first.join(', ')}, expected 400 (same-origin headers refused?)`,
    )
  const limiterEnforced = first[5] === 429
  return {
    honoured: limiterEnforced && other === 400,
    limiterEnforced,
    statuses: { [PROBE_IP]: first, [PROBE_OTHER_IP]: other },
  }
}

/**
 * One request per non-contact class: the expected status and content type, or stop here.
 * @param {string} base
 * @param {TrafficClass[]} classes
 */
async function preflight(base, classes) {
  for (const c of classes) {
    if (c.contact) continue
    const { method, path, headers, body } = c.request
    const res = await fetch(base + path, { method, headers, body, signal: AbortSignal.timeout(30 * SECOND) })
    await res.arrayBuffer()
    const type = res.headers.get('content-type') ?? ''
    if (!c.expect.includes(res.status) || (c.type && !c.type.test(type)))
      throw new Error(
        `${c.name}: ${method} ${path} answered ${res.status} ${type}, expected ${c.expect.join('/')}`,
      )
  }
}

// ---------------------------------------------------------------------------------------------
// Load

/**
 * Every class at once, each its own autocannon instance, for `seconds`.
 * @param {string} base
 * @param {TrafficClass[]} classes
 * @param {number} seconds
 */
function runPhase(base, classes, seconds) {
  return Promise.all(
    classes.map(
      (c) =>
        new Promise((resolve, reject) => {
          /** @type {number[]} */
          const latencies = []
          /** @type {Record<string, number>} */
          const statuses = {}
          /** @type {Record<string, number>} */
          const errorKinds = {}
          const tracker = autocannon(
            {
              url: base,
              connections: c.connections,
              duration: seconds,
              pipelining: 1,
              timeout: 10,
              requests: [c.request],
              ...(c.rate ? { overallRate: c.rate, ignoreCoordinatedOmission: true } : {}),
            },
            (/** @type {Error | null} */ error, /** @type {any} */ result) => {
              trackers.delete(tracker)
              if (error) reject(error)
              else resolve({ trafficClass: c, result, latencies, statuses, errorKinds })
            },
          )
          trackers.add(tracker)
          tracker.on(
            'response',
            (
              /** @type {unknown} */ _client,
              /** @type {number} */ status,
              /** @type {number} */ _bytes,
              /** @type {number} */ ms,
            ) => {
              latencies.push(ms)
              statuses[status] = (statuses[status] ?? 0) + 1
              responseCount++
            },
          )
          tracker.on('reqError', (/** @type {any} */ error) => {
            const kind = String(error?.code ?? error?.message ?? error)
            errorKinds[kind] = (errorKinds[kind] ?? 0) + 1
          })
        }),
    ),
  )
}

/** @param {any[]} runs the results of runPhase */
function summarize(runs) {
  const rows = runs.map((run) => {
    const c = /** @type {TrafficClass} */ (run.trafficClass)
    const sorted = Float64Array.from(run.latencies).sort()
    const statuses = /** @type {Record<string, number>} */ (run.statuses)
    const count = (/** @type {(s: number) => boolean} */ pick) =>
      Object.entries(statuses)
        .filter(([s]) => pick(Number(s)))
        .reduce((n, [, k]) => n + k, 0)
    const seconds = run.result.duration || options.duration
    return {
      key: c.key,
      name: c.name,
      path: c.request.path,
      method: c.request.method,
      connections: c.rate ? `${c.connections} (${c.rate}/s)` : String(c.connections),
      expect: c.expect,
      requests: run.latencies.length,
      status2xx: count((s) => s >= 200 && s < 300),
      status3xx: count((s) => s >= 300 && s < 400),
      status4xx: count((s) => s >= 400 && s < 500),
      status5xx: count((s) => s >= 500),
      rateLimited: statuses['429'] ?? 0,
      unexpected: count((s) => !c.expect.includes(s)),
      statuses,
      errors: run.result.errors - run.result.timeouts,
      timeouts: run.result.timeouts,
      errorKinds: run.errorKinds,
      p50Ms: percentile(Array.from(sorted), 50),
      p99Ms: percentile(Array.from(sorted), 99),
      maxMs: sorted.length ? (sorted[sorted.length - 1] ?? NaN) : NaN,
      requestsPerSecond: run.latencies.length / seconds,
      _latencies: run.latencies,
    }
  })
  const all = Float64Array.from(rows.flatMap((r) => r._latencies)).sort()
  const sum = (/** @type {string} */ key) => rows.reduce((n, r) => n + /** @type {any} */ (r)[key], 0)
  const total = {
    requests: sum('requests'),
    status2xx: sum('status2xx'),
    status3xx: sum('status3xx'),
    status4xx: sum('status4xx'),
    status5xx: sum('status5xx'),
    rateLimited: sum('rateLimited'),
    unexpected: sum('unexpected'),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    p50Ms: percentile(Array.from(all), 50),
    p99Ms: percentile(Array.from(all), 99),
    requestsPerSecond: sum('requestsPerSecond'),
  }
  return { classes: rows.map(({ _latencies, ...r }) => r), total }
}

// ---------------------------------------------------------------------------------------------
// Memory

/**
 * What a process of the tree is: wrangler's proxy (a workerd listening on the public port, no
 * application code), the worker's workerd (the app, its static assets, queues, KV), or Node.
 * @param {import('./lib/proc-tree.mjs').ProcMemory} p
 * @param {string} port
 */
function roleOf(p, port) {
  if (!p.workerd) return 'node'
  return p.cmd.includes(`entry=127.0.0.1:${port} `) ? 'proxy' : 'worker'
}

/**
 * Samples the RSS of wrangler dev's processes every second, with named marks; each sample also
 * notes how many responses had arrived by then, for growth per request. At each mark it also
 * reads the JavaScript heap of the worker's isolate (after a garbage collection) through the
 * inspector.
 * @param {ReturnType<typeof wranglerTree>} tree
 * @param {string} port
 * @param {() => Promise<unknown>} nudge one request to the worker
 */
function memoryWatch(tree, port, nudge) {
  /** @typedef {{ at: number, responses: number, bytes: Record<string, number>, processes: { pid: string, role: string, rssBytes: number }[] }} Sample */
  /** @type {Sample[]} */
  const samples = []
  /** @type {Record<string, Sample>} */
  const marks = {}
  /** @type {Record<string, { usedBytes: number, totalBytes: number, collected: boolean } | { error: string }>} */
  const heap = {}
  // One reading at a time: wrangler's inspector proxy takes one DevTools client at a time.
  /** @type {Promise<unknown>} */
  let readings = Promise.resolve()
  const take = () => {
    if (!tree) return undefined
    const raw = tree.sample()
    const processes = raw.processes.map((p) => ({ pid: p.pid, role: roleOf(p, port), rssBytes: p.rssBytes }))
    /** @type {Record<string, number>} */
    const bytes = {}
    for (const group of MEMORY_GROUPS)
      bytes[group.key] = processes
        .filter((p) => /** @type {readonly string[]} */ (group.roles).includes(p.role))
        .reduce((n, p) => n + p.rssBytes, 0)
    /** @type {Sample} */
    const sample = { at: raw.at, responses: responseCount, bytes, processes }
    samples.push(sample)
    return sample
  }
  const timer = setInterval(take, SECOND)
  timer.unref()
  const summary = () => {
    const from = marks.afterWarmup?.at ?? 0
    const to = marks.endOfLoad?.at ?? Date.now()
    const during = samples.filter((s) => s.at >= from && s.at <= to)
    const { afterWarmup: warm, midLoad: mid, endOfLoad: end } = marks
    /** KB of growth per request between two marks. */
    const perRequest = (
      /** @type {Sample | undefined} */ a,
      /** @type {Sample | undefined} */ b,
      /** @type {string} */ key,
    ) =>
      a && b && b.responses > a.responses
        ? ((b.bytes[key] ?? 0) - (a.bytes[key] ?? 0)) / 1024 / (b.responses - a.responses)
        : NaN
    return {
      available: Boolean(tree && samples.length),
      workerdProcesses: samples.at(-1)?.processes.filter((p) => p.role !== 'node').length ?? 0,
      groups: MEMORY_GROUPS.map((group) => ({
        key: group.key,
        label: group.label,
        ...Object.fromEntries(MEMORY_MARKS.map((m) => [m, marks[m]?.bytes[group.key] ?? null])),
        maxDuringLoad: Math.max(0, ...during.map((s) => s.bytes[group.key] ?? 0)),
        endOverAfterWarmup: warm && end ? (end.bytes[group.key] ?? 0) / (warm.bytes[group.key] || 1) : NaN,
        growthKbPerRequestFirstHalf: perRequest(warm, mid, group.key),
        growthKbPerRequestSecondHalf: perRequest(mid, end, group.key),
      })),
      marks: Object.fromEntries(
        Object.entries(marks).map(([name, s]) => [name, { at: s.at, responses: s.responses }]),
      ),
      workerHeap: heap,
    }
  }
  return {
    /** @param {string} name */
    mark(name) {
      const sample = take()
      if (sample) marks[name] = sample
      const inspectorPort = tree?.inspectorPort
      if (inspectorPort)
        readings = readings
          .then(() => workerHeap(inspectorPort, { nudge }))
          .then((reading) => (heap[name] = reading))
          .catch((error) => (heap[name] = { error: error instanceof Error ? error.message : String(error) }))
    },
    settled: () => readings,
    last: () => samples.at(-1),
    stop: () => clearInterval(timer),
    summary,
    full: () => ({ ...summary(), series: samples }),
  }
}

// ---------------------------------------------------------------------------------------------
// Verdict and report

/** @param {Record<string, any>} report */
function checks(report) {
  const load = report.load
  const warm = report.warmup?.total
  const rows = /** @type {any[]} */ (load.classes)
  const leads = report.leads
  const mem = report.memory
  /** @type {{ name: string, ok: boolean, skipped?: boolean, detail: string }[]} */
  const list = []
  const add = (/** @type {string} */ name, /** @type {boolean} */ ok, /** @type {string} */ detail) =>
    list.push({ name, ok, detail })

  const fives = load.total.status5xx + (warm?.status5xx ?? 0)
  add('no 5xx', fives === 0, `${fives} (warm-up and load)`)
  const errors = load.total.errors + load.total.timeouts + (warm ? warm.errors + warm.timeouts : 0)
  add('no connection errors or timeouts', errors === 0, `${errors}`)
  // 5xx have their own check; anything else outside a class's expected statuses fails here.
  const odd = [...rows, ...(report.warmup?.classes ?? [])].filter((r) => r.unexpected > r.status5xx)
  add(
    'only expected statuses (besides 5xx)',
    odd.length === 0,
    odd.length ? odd.map((r) => `${r.name}: ${JSON.stringify(r.statuses)}`).join('; ') : 'yes',
  )
  const slow = rows.filter((r) => !(r.p99Ms <= options.maxP99Ms))
  add(
    `p99 ≤ ${options.maxP99Ms} ms in every class`,
    slow.length === 0,
    slow.length
      ? slow.map((r) => `${r.name} ${msText(r.p99Ms)} ms`).join('; ')
      : `max ${msText(Math.max(...rows.map((r) => r.p99Ms)))} ms`,
  )
  add('leads accepted', leads.accepted > 0, `${leads.accepted} accepted (202)`)
  add(
    'every accepted lead accounted for',
    leads.unaccounted.length === 0,
    `${leads.delivered} delivered, ${leads.pendingWithRecord} queued with a record, ${leads.unaccounted.length} unaccounted`,
  )
  add('no refused post delivered', leads.deliveredThoughRefused === 0, `${leads.deliveredThoughRefused}`)
  const workerd = mem.groups?.find((/** @type {any} */ g) => g.key === 'workerd')
  if (mem.available && workerd && workerd.afterWarmup && workerd.endOfLoad) {
    const ratio = workerd.endOfLoad / workerd.afterWarmup
    add(
      `workerd RSS steady (end of load ≤ ${options.rssGrowth}× after warm-up)`,
      ratio <= options.rssGrowth,
      `${mb(workerd.afterWarmup)} → ${mb(workerd.endOfLoad)} MB (×${ratio.toFixed(2)}); growth ${kbText(workerd.growthKbPerRequestFirstHalf)} then ${kbText(workerd.growthKbPerRequestSecondHalf)} KB per request`,
    )
  } else add('workerd RSS steady', false, 'no /proc samples of the workerd processes')
  const heapWarm = mem.workerHeap?.afterWarmup
  const heapEnd = mem.workerHeap?.endOfLoad
  const heapName = `worker isolate JS heap steady (end of load ≤ ${options.rssGrowth}× after warm-up, or < 8 MB more)`
  if (heapWarm?.usedBytes && heapEnd?.usedBytes) {
    add(
      heapName,
      heapEnd.usedBytes <= options.rssGrowth * heapWarm.usedBytes ||
        heapEnd.usedBytes - heapWarm.usedBytes < 8 * MB,
      `${mb1(heapWarm.usedBytes)} → ${mb1(heapEnd.usedBytes)} MB${heapWarm.collected && heapEnd.collected ? ' after GC' : ' (GC not confirmed)'}`,
    )
  } else {
    const why = heapEnd?.error ?? heapWarm?.error ?? 'no inspector port'
    list.push({ name: heapName, ok: true, skipped: true, detail: `not measured: ${why}` })
  }
  return list
}

/** Lines of wrangler dev's output that tell what went wrong: errors, 5xx, retries. */
function logExcerpt(/** @type {string} */ logs) {
  return (
    logs
      .split('\n')
      .filter((line) =>
        /error|exception|\b5\d\d\b|dead-letter|not recorded|not stored|not queued/i.test(line),
      )
      // wrangler looking for updates on the internet, which this machine cannot reach
      .filter((line) => !/ENOTFOUND \S*cloudflare\.com/.test(line))
      .slice(0, 60)
  )
}

/** @param {Record<string, any>} report */
function renderMarkdown(report) {
  const load = report.load
  const leads = report.leads
  const mem = report.memory
  const o = report.options
  const parts = []
  parts.push(
    `Mixed load on workerd (wrangler dev of a build snapshot, 127.0.0.1; autocannon in the same process; ${o.warmup} s warm-up, then ${o.duration} s; CF-Connecting-IP ${report.clientAddressProbe.honoured ? 'honoured' : 'not honoured'}):\n`,
    markdownTable(
      [
        'traffic class',
        'conns',
        'requests',
        '2xx',
        '3xx',
        '4xx',
        '5xx',
        'rate limited (429)',
        'errors',
        'p50 ms',
        'p99 ms',
        'req/s',
        'statuses',
      ],
      [
        ...load.classes.map((/** @type {any} */ r) => [
          r.name,
          r.connections,
          r.requests,
          r.status2xx,
          r.status3xx,
          r.status4xx,
          r.status5xx,
          r.rateLimited,
          r.errors + r.timeouts,
          msText(r.p50Ms),
          msText(r.p99Ms),
          r.requestsPerSecond.toFixed(1),
          Object.entries(r.statuses)
            .map(([s, n]) => `${s}×${n}`)
            .join(' '),
        ]),
        [
          '**all**',
          load.classes.reduce(
            (/** @type {number} */ n, /** @type {any} */ r) => n + (Number.parseInt(r.connections) || 0),
            0,
          ),
          load.total.requests,
          load.total.status2xx,
          load.total.status3xx,
          load.total.status4xx,
          load.total.status5xx,
          load.total.rateLimited,
          load.total.errors + load.total.timeouts,
          msText(load.total.p50Ms),
          msText(load.total.p99Ms),
          load.total.requestsPerSecond.toFixed(1),
          '',
        ],
      ],
    ),
    '',
  )
  if (mem.available) {
    const cell = (/** @type {number | null} */ bytes) => (bytes === null ? '-' : mb(bytes))
    parts.push(
      `Resident memory (MB, from /proc every second; ${mem.workerdProcesses} workerd processes; growth in KB per response received in each half of the load):\n`,
      markdownTable(
        [
          'processes',
          'idle',
          'after warm-up',
          'mid-load',
          'end of load',
          'max during load',
          'after drain',
          'end ÷ after warm-up',
          'KB/req 1st half',
          'KB/req 2nd half',
        ],
        mem.groups.map((/** @type {any} */ g) => [
          g.label,
          cell(g.idle),
          cell(g.afterWarmup),
          cell(g.midLoad),
          cell(g.endOfLoad),
          cell(g.maxDuringLoad),
          cell(g.afterDrain),
          Number.isNaN(g.endOverAfterWarmup) ? '-' : g.endOverAfterWarmup.toFixed(2),
          kbText(g.growthKbPerRequestFirstHalf),
          kbText(g.growthKbPerRequestSecondHalf),
        ]),
      ),
      '',
    )
    const heap = mem.workerHeap ?? {}
    const heapCell = (/** @type {string} */ name) => {
      const reading = heap[name]
      if (!reading) return '-'
      if (reading.error) return 'n/a'
      return mb1(reading.usedBytes) + (reading.collected ? '' : '*')
    }
    parts.push(
      'JavaScript heap of the worker’s isolate (MB used, after a garbage collection; * = collection not confirmed; through the inspector):\n',
      markdownTable(
        ['isolate', 'idle', 'after warm-up', 'mid-load', 'end of load', 'after drain'],
        [['worker (the app)', ...MEMORY_MARKS.map(heapCell)]],
      ),
      '',
    )
  }
  parts.push(
    `Leads (contact posts; delivery to a local fake EmailJS${o.emailJsLimit ? ' limited to 1 request per second, as EmailJS is' : ''}):\n`,
    markdownTable(
      [
        'posts answered',
        'accepted (202)',
        'rate limited (429)',
        'other answers',
        'delivered',
        'queued with a record',
        'unaccounted',
        'EmailJS 429s (retried)',
        'duplicates',
        'delivered, answer cut off at stop',
      ],
      [
        [
          leads.posts,
          leads.accepted,
          leads.rateLimited,
          leads.otherAnswers,
          leads.delivered,
          leads.pendingWithRecord,
          leads.unaccounted.length,
          leads.emailJs429,
          leads.duplicateDeliveries,
          leads.deliveredAnswerNotSeen,
        ],
      ],
    ),
    '',
    `D1 rows of the accepted leads: ${
      leads.storeRead
        ? Object.entries(leads.recordStatuses)
            .map(([s, n]) => `${n} ${s}`)
            .join(', ') || 'none'
        : 'not read'
    }.`,
    '',
  )
  parts.push(
    'Checks:\n',
    markdownTable(
      ['check', 'result', 'detail'],
      report.checks.map((/** @type {any} */ c) => [
        c.name,
        c.skipped ? 'skipped' : c.ok ? 'pass' : '**FAIL**',
        c.detail,
      ]),
    ),
  )
  if (report.workerLogExcerpt?.length)
    parts.push('', 'wrangler dev output (errors):', '', '```', ...report.workerLogExcerpt, '```')
  return parts.join('\n')
}
