/**
 * A local stand-in for Cloudflare Turnstile, for the worker and browser tests (the real one cannot
 * be reached from here):
 *
 * - POST /turnstile/v0/siteverify speaks siteverify's protocol: `secret`, `response` and
 *   `remoteip`, form-encoded or JSON; the answer is `{ success, error-codes, challenge_ts,
 *   hostname, action }`. Only the secret SECRET is accepted (else `invalid-input-secret`). A token
 *   `standin:<hostname>:<action>:<anything>` (what the widget below gives) passes once for that
 *   hostname and action; its second check answers `timeout-or-duplicate`, as a replay does. Any
 *   other token answers `invalid-input-response`. Tokens that script a broken siteverify:
 *   `hang:*` (no answer until the server closes), `garbage:*` (200 that is not JSON), `error:*`
 *   (HTTP 500).
 * - GET /__received lists the checks received ({ secret, response, remoteip }).
 *
 * WIDGET_SCRIPT stands in for https://challenges.cloudflare.com/turnstile/v0/api.js in the
 * browser (served by route interception): `turnstile.render` puts a frame from Cloudflare's host
 * (WIDGET_FRAME, intercepted too) into the container, and once it has loaded calls back with a
 * `standin:` token for the page's host; `reset` issues the next one the same way.
 */
import { createServer, type ServerResponse } from 'node:http'
import { listenLocal, readBody } from './http.ts'

export const SECRET = 'stand-in-turnstile-secret'
export const SITE_KEY = 'stand-in-site-key'
export const WIDGET_FRAME = 'https://challenges.cloudflare.com/turnstile/v0/stand-in-frame'

export interface Check {
  secret: string | null
  response: string | null
  remoteip: string | null
}

/** A token the stand-in passes once: what the widget gives on `hostname` for `action`. */
export const passingToken = (hostname: string, action = 'contact') =>
  `standin:${hostname}:${action}:${crypto.randomUUID()}`

export async function startFakeTurnstile(port = 0) {
  const received: Check[] = []
  const spent = new Set<string>()
  const hanging = new Set<ServerResponse>()
  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname
      const text = await readBody(req)
      if (req.method === 'GET' && path === '/__received') {
        return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(received))
      }
      if (req.method !== 'POST' || path !== '/turnstile/v0/siteverify') return void res.writeHead(404).end()
      const fields = (req.headers['content-type'] ?? '').includes('json')
        ? new Map(Object.entries(JSON.parse(text) as Record<string, string>))
        : new URLSearchParams(text)
      const check: Check = {
        secret: fields.get('secret') ?? null,
        response: fields.get('response') ?? null,
        remoteip: fields.get('remoteip') ?? null,
      }
      received.push(check)
      const token = check.response ?? ''
      if (token.startsWith('hang:')) return void hanging.add(res)
      if (token.startsWith('garbage:'))
        return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>Oops')
      if (token.startsWith('error:')) return void res.writeHead(500).end()
      const answer = (body: object) =>
        void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
      const refuse = (code: string) => answer({ success: false, 'error-codes': [code] })
      if (!check.secret) return refuse('missing-input-secret')
      if (check.secret !== SECRET) return refuse('invalid-input-secret')
      if (!token) return refuse('missing-input-response')
      const [kind, hostname, action] = token.split(':')
      if (kind !== 'standin' || !hostname || !action) return refuse('invalid-input-response')
      if (spent.has(token)) return refuse('timeout-or-duplicate')
      spent.add(token)
      answer({
        success: true,
        'error-codes': [],
        challenge_ts: new Date().toISOString(),
        hostname,
        action,
      })
    })()
  })
  return {
    ...(await listenLocal(server, port, () => hanging.forEach((res) => res.destroy()))),
    /** The checks received so far. */
    received: () => received,
  }
}

/** The widget's script, as the browser tests serve it in place of Cloudflare's. */
export const WIDGET_SCRIPT = `(() => {
  const widgets = new Map()
  function issue(id) {
    const widget = widgets.get(id)
    const token = 'standin:' + location.hostname + ':' + widget.options.action + ':' + crypto.randomUUID()
    widget.options.callback(token)
  }
  window.turnstile = {
    render(container, options) {
      const id = 'w' + widgets.size
      const frame = document.createElement('iframe')
      frame.title = 'Widget containing a Cloudflare security challenge'
      frame.src = ${JSON.stringify(WIDGET_FRAME)}
      frame.width = '300'
      frame.height = '65'
      frame.addEventListener('load', () => issue(id), { once: true })
      widgets.set(id, { options, frame })
      container.appendChild(frame)
      return id
    },
    reset(id) { queueMicrotask(() => issue(id)) },
  }
})()`

/** The frame's page: what a visitor sees while the challenge runs. */
export const WIDGET_FRAME_HTML = '<!doctype html><title>Challenge</title><p>Success!</p>'
