/**
 * A local stand-in for an alert webhook (a Slack incoming webhook answers 200 "ok"). Each test
 * posts to a path of its own: POST /hooks/<name> is recorded; POST /__control/<name> {status}
 * makes that hook answer with an error; GET /__received/<name> lists the JSON bodies received,
 * and GET /__requests/<name> each request's raw body and headers (a signature is over the raw body).
 */
import { createServer } from 'node:http'
import { listenLocal, readBody } from './http.ts'

export async function startFakeWebhook(port = 0) {
  type Hook = { received: unknown[]; requests: { body: string; headers: unknown }[]; status: number }
  const hooks = new Map<string, Hook>()
  const hook = (name: string) => {
    let found = hooks.get(name)
    if (!found) hooks.set(name, (found = { received: [], requests: [], status: 200 }))
    return found
  }
  const server = createServer((req, res) => {
    void (async () => {
      const [, kind, name = ''] = new URL(req.url ?? '/', 'http://fake').pathname.split('/')
      const body = await readBody(req)
      if (req.method === 'POST' && kind === 'hooks') {
        const target = hook(name)
        target.received.push(JSON.parse(body) as unknown)
        target.requests.push({ body, headers: req.headers })
        const ok = target.status === 200
        return void res
          .writeHead(target.status, { 'Content-Type': 'text/plain' })
          .end(ok ? 'ok' : 'no_service')
      }
      if (req.method === 'POST' && kind === '__control') {
        hook(name).status = (JSON.parse(body) as { status: number }).status
        return void res.writeHead(204).end()
      }
      if (req.method === 'GET' && kind === '__received') {
        return void res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify(hook(name).received))
      }
      if (req.method === 'GET' && kind === '__requests') {
        return void res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify(hook(name).requests))
      }
      res.writeHead(404).end()
    })()
  })
  return listenLocal(server, port)
}
