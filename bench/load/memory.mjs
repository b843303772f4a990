/**
 * Memory during the load: wrangler dev's processes' RSS every second and the worker
 * isolate's heap at the marks (idle, after the warm-up, mid-load, end, after the drain).
 */
import { workerHeap } from '../lib/worker-heap.mjs'
import { SECOND, MEMORY_GROUPS, MEMORY_MARKS, state } from './context.mjs'
/**
 * What a process of the tree is: wrangler's proxy (a workerd listening on the public port, no
 * application code), the worker's workerd (the app, its static assets, queues, KV), or Node.
 * @param {import('../scripts/lib/proc-tree.mjs').ProcMemory} p
 * @param {string} port
 */
export function roleOf(p, port) {
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
export function memoryWatch(tree, port, nudge) {
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
    const sample = { at: raw.at, responses: state.responseCount, bytes, processes }
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
