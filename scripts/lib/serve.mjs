/**
 * Serving a build snapshot: the production worker on workerd through `wrangler dev`, optionally
 * behind a small gzip proxy. wrangler dev answers uncompressed, while Cloudflare's edge
 * compresses text responses; the proxy makes the bytes a browser receives (and so Lighthouse's
 * transfer sizes and timings) resemble production. It flushes after every chunk, so streamed
 * HTML stays streamed.
 */
import { request as httpRequest, createServer, Agent } from 'node:http'
import { constants, createGzip } from 'node:zlib'
import { startWorker } from '../../tests/support/wrangler-server.ts'

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/

/** Vars that keep the worker away from real hosts. */
export const OFFLINE_VARS = {
  EMAILJS_API_BASE: 'http://127.0.0.1:9',
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'tools-admin-password',
}

/**
 * @param {{ config: string }} snapshot
 * @param {{ gzip?: boolean, vars?: Record<string, string>, keepState?: boolean, persistTo?: string }} options
 *   `persistTo` serves a local state the caller made and keeps (startWorker's).
 */
export async function serveSnapshot(
  snapshot,
  { gzip = false, vars = {}, keepState = false, persistTo } = {},
) {
  const worker = await startWorker(
    { ...OFFLINE_VARS, ...vars },
    { config: snapshot.config, keepState, persistTo },
  )
  if (!gzip) return { url: worker.url, workerUrl: worker.url, stop: worker.stop, logs: worker.logs }
  const proxy = await startGzipProxy(worker.url)
  return {
    url: proxy.url,
    workerUrl: worker.url,
    logs: worker.logs,
    stop: async () => {
      await proxy.close()
      await worker.stop()
    },
  }
}

/**
 * @param {string} upstream
 * @param {{ buffer?: boolean }} options `buffer` holds each answer until it is complete, as a
 *   server that renders the whole page before sending would (only `npm run nav` uses it).
 */
export async function startGzipProxy(upstream, { buffer = false } = {}) {
  const target = new URL(upstream)
  const agent = new Agent({ keepAlive: true, maxSockets: 64 })
  const server = createServer((req, res) => {
    const upstreamReq = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        // The original Host, so canonical and Open Graph URLs name the address the browser used.
        headers: { ...req.headers, 'accept-encoding': 'identity' },
        agent,
      },
      (upstreamRes) => {
        const headers = { ...upstreamRes.headers }
        const type = String(headers['content-type'] ?? '')
        const accepts = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
        const compress =
          accepts && COMPRESSIBLE.test(type) && !headers['content-encoding'] && req.method !== 'HEAD'
        if (!compress) {
          res.writeHead(upstreamRes.statusCode ?? 502, headers)
          upstreamRes.pipe(res)
          return
        }
        delete headers['content-length']
        headers['content-encoding'] = 'gzip'
        headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding'
        const status = upstreamRes.statusCode ?? 502
        const gzip = createGzip({ flush: constants.Z_SYNC_FLUSH })
        if (!buffer) {
          res.writeHead(status, headers)
          upstreamRes.pipe(gzip).pipe(res)
          return
        }
        /** @type {Buffer[]} */
        const chunks = []
        upstreamRes.pipe(gzip).on('data', (chunk) => chunks.push(chunk))
        gzip.on('end', () => {
          res.writeHead(status, headers)
          res.end(Buffer.concat(chunks))
        })
      },
    )
    upstreamReq.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' })
      res.end(String(error))
    })
    req.pipe(upstreamReq)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)))
  const address = /** @type {import('node:net').AddressInfo} */ (server.address())
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        agent.destroy()
        server.closeAllConnections()
        server.close(() => resolve(undefined))
      }),
  }
}
