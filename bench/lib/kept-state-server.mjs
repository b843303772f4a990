/**
 * A production worker for a bench run whose D1 is read afterwards: wrangler dev of a snapshot with
 * its state kept, the state's folder removed and the server stopped by `cleanups`, and a `stop`
 * that may be called before them (D1 is read from the local state once the worker has stopped).
 */
import { rmSync } from 'node:fs'
import { wranglerTree } from '../../scripts/lib/proc-tree.mjs'
import { serveSnapshot } from '../../scripts/lib/serve.mjs'

/**
 * @param {Parameters<typeof serveSnapshot>[0]} snapshot
 * @param {Record<string, string>} vars
 * @param {(() => Promise<void> | void)[]} cleanups
 */
export async function serveKeepingState(snapshot, vars, cleanups) {
  const server = await serveSnapshot(snapshot, { vars, keepState: true })
  const persistDir = wranglerTree(new URL(server.url).port)?.persistDir
  if (persistDir) cleanups.push(() => rmSync(persistDir, { recursive: true, force: true }))
  let stopped = false
  const stop = async () => {
    if (!stopped) await server.stop()
    stopped = true
  }
  cleanups.push(stop)
  return { base: server.url, persistDir, stop }
}
