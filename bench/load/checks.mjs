/**
 * The load test's verdict: the checks a run must pass, and the worker's log lines worth
 * reading when one fails.
 */
import { options, MB, mb, mb1, kbText, msText } from './context.mjs'
/** @param {Record<string, any>} report */
export function checks(report) {
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
export function logExcerpt(/** @type {string} */ logs) {
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
