/**
 * The JavaScript heap of the worker's isolate under `wrangler dev`, through wrangler's inspector
 * proxy (the DevTools protocol on `--inspector-port`): what the application itself holds, apart
 * from the memory of workerd and wrangler's own workers that the process RSS also counts.
 *
 * Each reading opens a DevTools connection and closes it again: while one is open, workerd
 * reports every request to it, which would change what is being measured.
 */

const TIMEOUT_MS = 10_000

/**
 * @param {string} inspectorPort
 * @param {{ nudge?: () => Promise<unknown> }} options `nudge` makes a request to the worker: the
 *   isolate acts on a garbage collection request when it next runs, which an idle worker does not.
 * @returns {Promise<{ usedBytes: number, totalBytes: number, collected: boolean }>}
 */
export async function workerHeap(inspectorPort, { nudge } = {}) {
  const base = `http://127.0.0.1:${inspectorPort}`
  const targets = await (await fetch(`${base}/json`, { signal: AbortSignal.timeout(TIMEOUT_MS) })).json()
  const url = targets?.[0]?.webSocketDebuggerUrl
  if (typeof url !== 'string') throw new Error(`no inspector target at ${base}/json`)
  // wrangler's inspector proxy admits local DevTools origins only. (Node's WebSocket takes headers.)
  const ws = new WebSocket(url, /** @type {any} */ ({ headers: { origin: 'http://localhost' } }))
  /** @type {Map<number, (message: any) => void>} */
  const pending = new Map()
  let nextId = 2_000_000_000 // clear of the ids wrangler's proxy uses for its own messages
  // A closed connection (wrangler's proxy closes a second client at once) answers nothing more.
  ws.addEventListener('close', (event) => {
    for (const [id, settle] of pending) {
      pending.delete(id)
      settle({ error: { message: `inspector connection closed (${event.code} ${event.reason})` } })
    }
  })
  ws.addEventListener('message', async (event) => {
    try {
      const text = typeof event.data === 'string' ? event.data : await new Response(event.data).text()
      const message = JSON.parse(text)
      pending.get(message.id)?.(message)
      pending.delete(message.id)
    } catch {
      // not a reply of ours
    }
  })
  /** @param {string} method @param {number} [ms] @returns {Promise<any>} */
  const call = (method, ms = TIMEOUT_MS) =>
    new Promise((resolve) => {
      const id = nextId++
      const timer = setTimeout(() => {
        pending.delete(id)
        resolve({ error: { message: `${method}: no answer in ${ms} ms` } })
      }, ms)
      pending.set(id, (message) => {
        clearTimeout(timer)
        resolve(message)
      })
      ws.send(JSON.stringify({ id, method, params: {} }))
    })
  // Something must keep Node's event loop alive while the socket connects.
  const keepAlive = setInterval(() => undefined, 1000)
  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('inspector connection timed out')), TIMEOUT_MS)
      ws.addEventListener('open', () => (clearTimeout(timer), resolve(undefined)))
      ws.addEventListener(
        'error',
        () => (clearTimeout(timer), reject(new Error('inspector connection failed'))),
      )
      ws.addEventListener(
        'close',
        () => (clearTimeout(timer), reject(new Error('inspector connection closed'))),
      )
    })
    const [gc] = await Promise.all([
      call('HeapProfiler.collectGarbage', 5000),
      nudge?.().catch(() => undefined),
    ])
    const usage = await call('Runtime.getHeapUsage')
    if (usage.error || !usage.result)
      throw new Error(`Runtime.getHeapUsage: ${usage.error?.message ?? 'no result'}`)
    return { usedBytes: usage.result.usedSize, totalBytes: usage.result.totalSize, collected: !gc.error }
  } finally {
    clearInterval(keepAlive)
    ws.close()
  }
}
