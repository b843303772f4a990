/**
 * The load test's options (from the command line), its constants, the run's state and
 * cleanups, and the small helpers every part uses (bench/load.mjs runs the parts).
 */
import { parseArgs } from '../../scripts/lib/routes.mjs'
export const args = parseArgs(process.argv.slice(2))
export const options = {
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

export const SERVICE_ID = 'service_load'
export const RUN_ID = Date.now().toString(36)
export const PROBE_IP = '198.51.100.7'
export const PROBE_OTHER_IP = '198.51.100.8'
export const CONTACT_ONE_IP = '192.0.2.10'
export const ADMIN_IP = '192.0.2.20'
export const NOT_FOUND_PATH = '/load-test/no-such-page'
export const INNER_PAGE = '/about-us'
export const LEGAL_PAGE = '/privacy-policy'
export const SECOND = 1000
/** Forms loaded before the run, one token each: far more than the posts the rate limits accept. */
export const FORMS_LOADED = 200
export const MB = 1024 * 1024
/** How the memory table groups wrangler dev's processes (see roleOf). */
export const MEMORY_GROUPS = /** @type {const} */ ([
  { key: 'workerd', label: 'workerd, all', roles: ['proxy', 'worker'] },
  { key: 'worker', label: 'workerd: the worker (app, assets, queue)', roles: ['worker'] },
  { key: 'proxy', label: 'workerd: wrangler dev proxy', roles: ['proxy'] },
  { key: 'node', label: 'wrangler (Node)', roles: ['node'] },
])
export const MEMORY_MARKS = /** @type {const} */ ([
  'idle',
  'afterWarmup',
  'midLoad',
  'endOfLoad',
  'afterDrain',
])

/** @type {(() => unknown)[]} run last-in first-out */
export const cleanups = []
/** @type {Set<{ stop: () => void }>} */
export const trackers = new Set()
/** The run's state: interrupted (by a signal), and the responses received so far, all phases and classes (the memory samples note it). */
export const state = { aborting: false, responseCount: 0 }
/**
 * @param {string} name
 * @param {number} fallback
 * @param {number} min
 * @param {number} max
 * @param {boolean} [integer]
 */
export function numberArg(name, fallback, min, max, integer = false) {
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

export async function cleanup() {
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
export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/**
 * @template T
 * @param {() => Promise<T>} fn
 * @returns {() => Promise<T>}
 */
export function once(fn) {
  /** @type {Promise<T> | undefined} */
  let result
  return () => (result ??= fn())
}

/**
 * @param {string} url
 * @param {RequestInit} [init]
 */
export async function fetchOk(url, init) {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30 * SECOND) })
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${res.status}`)
  return res
}

/** @param {number[]} sorted ascending @param {number} p 0–100 */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN
}

/** @param {number} bytes */
export function mb(bytes) {
  return (bytes / 1024 / 1024).toFixed(0)
}

/** @param {number} bytes */
export function mb1(bytes) {
  return (bytes / MB).toFixed(1)
}

/** @param {number} kb */
export function kbText(kb) {
  return Number.isNaN(kb) ? '-' : kb.toFixed(1)
}

/** @param {number} ms */
export function msText(ms) {
  return Number.isNaN(ms) ? '-' : ms < 10 ? ms.toFixed(1) : Math.round(ms).toString()
}
