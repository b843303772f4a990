/**
 * A local server speaking the EmailJS REST protocol (POST /api/v1.0/email/send), controlled by
 * the tests over HTTP so that code running inside workerd can drive it with fetch:
 *
 * - POST /__control  { service_id, script?, fallback?, perSecond?, reset? }
 *     script: answers for the next requests, in order, then `fallback` (default "ok").
 *     Answers: "ok" (200 OK), "400", "403", "412", "422", "429", "500", "503", "slow" (200
 *     after `slowMs`, default 15 s), "drop" (connection destroyed), or { status, body, delayMs }.
 *     perSecond: 1 turns on EmailJS's limit: a request within 1 s of the last accepted one gets 429.
 * - GET  /__received?service_id=…  every request body received for that service, with the
 *     status it was answered with (0 for a dropped connection).
 * - POST /__reset  forgets everything.
 *
 * State is kept per service_id, so tests that use their own service id do not interfere.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenLocal, readBody } from './http.ts'

type Preset = 'ok' | '400' | '403' | '412' | '422' | '429' | '500' | '503' | 'slow' | 'drop'
interface CustomAnswer {
  status: number
  body?: string
  delayMs?: number
  headers?: Record<string, string>
}
type Answer = Preset | CustomAnswer

export interface Received {
  body: unknown
  contentType: string
  status: number
  at: number
}

interface Service {
  script: Answer[]
  fallback: Answer
  perSecond?: number
  slowMs: number
  lastAcceptedAt?: number
  received: Received[]
}

/** Texts EmailJS is known to answer with (../shared/guides/external-apis-and-platform.md). */
const PRESETS: Record<Exclude<Preset, 'slow' | 'drop'>, CustomAnswer> = {
  ok: { status: 200, body: 'OK' },
  '400': { status: 400, body: 'The Public Key is invalid' },
  '403': { status: 403, body: 'API calls are disabled for non-browser applications' },
  '412': { status: 412, body: 'Gmail_API: Request had insufficient authentication scopes' },
  '422': { status: 422, body: 'The recipients address is empty' },
  '429': { status: 429, body: 'Too Many Requests' },
  '500': { status: 500, body: 'Internal Server Error' },
  '503': { status: 503, body: 'Service Unavailable' },
}

const REQUIRED = [
  ['user_id', 'The user_id parameter is required'],
  ['service_id', 'The service ID is required'],
  ['template_id', 'The template ID is required'],
] as const

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function startFakeEmailJs(port = 0) {
  const services = new Map<string, Service>()
  const service = (id: string): Service => {
    let found = services.get(id)
    if (!found) {
      found = { script: [], fallback: 'ok', slowMs: 15_000, received: [] }
      services.set(id, found)
    }
    return found
  }

  async function send(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req)
    const contentType = req.headers['content-type'] ?? ''
    let body: unknown = raw
    try {
      body = JSON.parse(raw)
    } catch {
      // recorded as text below
    }
    const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
    const target = service(typeof fields.service_id === 'string' ? fields.service_id : '')
    const record: Received = { body, contentType, status: 0, at: Date.now() }
    target.received.push(record)
    const answer = (status: number, text: string, headers: Record<string, string> = {}) => {
      record.status = status
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers }).end(text)
    }

    if (!contentType.startsWith('application/json') || typeof body !== 'object' || body === null) {
      return answer(400, 'The request body must be JSON')
    }
    for (const [field, message] of REQUIRED) {
      if (typeof fields[field] !== 'string' || fields[field] === '') return answer(400, message)
    }
    const now = Date.now()
    if (target.perSecond && target.lastAcceptedAt && now - target.lastAcceptedAt < 1000 / target.perSecond) {
      return answer(429, 'Too Many Requests')
    }
    const next = target.script.shift() ?? target.fallback
    if (next === 'drop') {
      req.socket.destroy()
      return
    }
    if (next === 'slow') {
      await sleep(target.slowMs)
      target.lastAcceptedAt = Date.now()
      return answer(200, 'OK')
    }
    const { status, body: text = '', delayMs = 0, headers } = typeof next === 'string' ? PRESETS[next] : next
    if (delayMs) await sleep(delayMs)
    if (status !== 429) target.lastAcceptedAt = Date.now()
    answer(status, text, headers)
  }

  async function control(req: IncomingMessage, res: ServerResponse) {
    const options = JSON.parse((await readBody(req)) || '{}') as {
      service_id?: string
      script?: Answer[]
      fallback?: Answer
      perSecond?: number | null
      slowMs?: number
      reset?: boolean
    }
    const id = options.service_id ?? ''
    if (options.reset) services.delete(id)
    const target = service(id)
    if (options.script) target.script = [...options.script]
    if (options.fallback) target.fallback = options.fallback
    if (options.perSecond !== undefined) target.perSecond = options.perSecond ?? undefined
    if (options.slowMs !== undefined) target.slowMs = options.slowMs
    res.writeHead(204).end()
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    const route = `${req.method} ${url.pathname}`
    const handle = async () => {
      if (route === 'POST /api/v1.0/email/send') return send(req, res)
      if (route === 'POST /__control') return control(req, res)
      if (route === 'GET /__received') {
        const received = services.get(url.searchParams.get('service_id') ?? '')?.received ?? []
        return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(received))
      }
      if (route === 'POST /__reset') {
        services.clear()
        return void res.writeHead(204).end()
      }
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found')
    }
    handle().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error))
    })
  })
  const listening = await listenLocal(server, port)
  return { ...listening, url: `http://127.0.0.1:${listening.port}` }
}
