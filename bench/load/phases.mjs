/**
 * Running the load: the client-address probe, the preflight, one phase of autocannon
 * instances (one per traffic class), and each phase's summary.
 */
import autocannon from 'autocannon'
import { options, PROBE_IP, PROBE_OTHER_IP, SECOND, trackers, state, percentile } from './context.mjs'
import { sameOriginHeaders } from './traffic.mjs'
/**
 * Is CF-Connecting-IP honoured? Posts that fail validation still count against the contact
 * limit (it is checked first) but create no lead: 5 from one address, the 6th must be 429; then
 * one from another address is 400 when the header is honoured, 429 when it is not.
 * @param {string} base
 */
export async function probeClientAddress(base) {
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
export async function preflight(base, classes) {
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

/**
 * Every class at once, each its own autocannon instance, for `seconds`.
 * @param {string} base
 * @param {TrafficClass[]} classes
 * @param {number} seconds
 */
export function runPhase(base, classes, seconds) {
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
              state.responseCount++
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
export function summarize(runs) {
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
