/**
 * A local server speaking the Firebase Realtime Database REST protocol, plus a Google OAuth2
 * token endpoint, for the worker tests (https://firebase.google.com/docs/database/rest/).
 *
 * Databases are separated by the `ns` query parameter (as in the RTDB emulator), so each test
 * gets its own. Tests drive it over HTTP from inside workerd:
 *   POST /__control/setup   {ns, secrets?, publicRead?, serviceAccounts?: [{email, publicKeyPem}], data?, tokenLifetime?}
 *   POST /__control/account {ns, email, publicKeyPem}   registers a service account's public key
 *   POST /__control/script  {ns, answers: [{status?, body?, delayMs?, hang?, garbage?}]}  next database answers
 *   GET  /__control/state?ns=…   {data, requests, tokenRequests, held}
 *   POST /__control/release?ns=…  answers held (`hang`) requests with 503
 * Protocol: GET/PUT /<path>.json; `auth=` (a configured secret), or a token this server minted
 * as `Authorization: Bearer` or `access_token=`, unless reads are public; 401 {"error" : "Permission denied"}; 400 for bad keys
 * or bad JSON; `print=silent` → 204. POST /token takes the JWT-bearer grant and checks the RS256
 * signature against the public key the test registered.
 */
import { createPublicKey, randomBytes, verify, type KeyObject } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenLocal, readBody } from './http.ts'

type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

export interface ScriptedAnswer {
  status?: number
  body?: string
  /** Wait this long, then answer (scripted status/body, or normally). */
  delayMs?: number
  /** Never answer until /__control/release or the client gives up. */
  hang?: boolean
  /** Answer 200 with a body that is not JSON. */
  garbage?: boolean
}

export interface LoggedRequest {
  method: string
  path: string
  query: Record<string, string>
  /** The Authorization header, when one was sent. */
  authorization?: string
  body: string
}

export interface TokenRequest {
  grantType: string | null
  header: Record<string, unknown>
  claims: Record<string, unknown>
  verdict: 'issued' | string
}

interface Database {
  data: Json
  secrets: Set<string>
  tokens: Set<string>
  publicRead: boolean
  accounts: Map<string, KeyObject>
  tokenLifetime: number
  script: ScriptedAnswer[]
  requests: LoggedRequest[]
  tokenRequests: TokenRequest[]
  held: Set<ServerResponse>
}

const SCOPES = [
  'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/firebase.database',
]
const PERMISSION_DENIED = '{\n  "error" : "Permission denied"\n}\n'

function newDatabase(): Database {
  return {
    data: null,
    secrets: new Set(),
    tokens: new Set(),
    publicRead: false,
    accounts: new Map(),
    tokenLifetime: 3599,
    script: [],
    requests: [],
    tokenRequests: [],
    held: new Set(),
  }
}

function send(res: ServerResponse, status: number, body = '', type = 'application/json; charset=utf-8') {
  if (res.writableEnded || res.destroyed) return
  res.writeHead(status, body ? { 'Content-Type': type, 'Cache-Control': 'no-cache' } : {}).end(body)
}

// eslint-disable-next-line no-control-regex
const BAD_KEY = /[.#$[\]\u0000-\u001f\u007f]/

function keyIsValid(key: string): boolean {
  return key !== '' && !BAD_KEY.test(key) && Buffer.byteLength(key) <= 768
}

function getAt(data: Json, keys: string[]): Json {
  let node: Json = data
  for (const key of keys) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return null
    node = node[key] ?? null
  }
  return node
}

function setAt(data: Json, keys: string[], value: Json): Json {
  if (keys.length === 0) return value
  const [head, ...rest] = keys as [string, ...string[]]
  const node: { [key: string]: Json } =
    data !== null && typeof data === 'object' && !Array.isArray(data) ? { ...data } : {}
  const child = setAt(node[head] ?? null, rest, value)
  if (child === null) delete node[head]
  else node[head] = child
  return Object.keys(node).length ? node : null
}

function base64UrlJson(part: string | undefined): Record<string, unknown> {
  return JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Record<string, unknown>
}

export async function startFakeRtdb(port = 0) {
  const databases = new Map<string, Database>()
  const db = (ns: string | null) => {
    const name = ns || 'default'
    let found = databases.get(name)
    if (!found) databases.set(name, (found = newDatabase()))
    return found
  }

  async function control(req: IncomingMessage, res: ServerResponse, url: URL) {
    const action = url.pathname.slice('/__control/'.length)
    if (action === 'state') {
      const d = db(url.searchParams.get('ns'))
      return send(
        res,
        200,
        JSON.stringify({
          data: d.data,
          requests: d.requests,
          tokenRequests: d.tokenRequests,
          held: d.held.size,
        }),
      )
    }
    if (action === 'release') {
      const d = db(url.searchParams.get('ns'))
      for (const held of d.held) send(held, 503, '{"error" : "Service Unavailable"}')
      d.held.clear()
      return send(res, 200, '{}')
    }
    const input = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>
    const ns = typeof input.ns === 'string' ? input.ns : null
    if (action === 'setup') {
      const d = newDatabase()
      databases.set(ns || 'default', d)
      for (const secret of (input.secrets as string[] | undefined) ?? []) d.secrets.add(secret)
      d.publicRead = input.publicRead === true
      if (input.data !== undefined) d.data = input.data as Json
      if (typeof input.tokenLifetime === 'number') d.tokenLifetime = input.tokenLifetime
      for (const account of (input.serviceAccounts as
        { email: string; publicKeyPem: string }[] | undefined) ?? []) {
        d.accounts.set(account.email, createPublicKey(account.publicKeyPem))
      }
      return send(res, 200, '{}')
    }
    if (action === 'account') {
      db(ns).accounts.set(String(input.email), createPublicKey(String(input.publicKeyPem)))
      return send(res, 200, '{}')
    }
    if (action === 'script') {
      db(ns).script.push(...((input.answers as ScriptedAnswer[] | undefined) ?? []))
      return send(res, 200, '{}')
    }
    return send(res, 404, '{"error":"unknown control action"}')
  }

  async function token(req: IncomingMessage, res: ServerResponse, url: URL) {
    const d = db(url.searchParams.get('ns'))
    const form = new URLSearchParams(await readBody(req))
    const record: TokenRequest = { grantType: form.get('grant_type'), header: {}, claims: {}, verdict: '' }
    d.tokenRequests.push(record)
    const refuse = (error: string, description: string) => {
      record.verdict = `${error}: ${description}`
      send(res, 400, JSON.stringify({ error, error_description: description }))
    }
    if (req.headers['content-type'] !== 'application/x-www-form-urlencoded') {
      return refuse('invalid_request', 'form body expected')
    }
    if (record.grantType !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      return refuse('unsupported_grant_type', 'Invalid grant_type')
    }
    const [headerPart, claimsPart, signaturePart] = (form.get('assertion') ?? '').split('.')
    try {
      record.header = base64UrlJson(headerPart)
      record.claims = base64UrlJson(claimsPart)
    } catch {
      return refuse('invalid_grant', 'Malformed JWT')
    }
    const { header, claims } = record
    if (header.alg !== 'RS256' || header.typ !== 'JWT')
      return refuse('invalid_grant', 'Unsupported JWT header')
    const key = d.accounts.get(String(claims.iss))
    if (!key) return refuse('invalid_grant', 'Invalid issuer')
    const signed = verify(
      'sha256',
      Buffer.from(`${headerPart}.${claimsPart}`),
      key,
      Buffer.from(signaturePart ?? '', 'base64url'),
    )
    if (!signed) return refuse('invalid_grant', 'Invalid JWT Signature.')
    const audience = `http://${req.headers.host}${url.pathname}${url.search}`
    if (claims.aud !== audience) return refuse('invalid_grant', `Invalid JWT audience, expected ${audience}`)
    const scopes = String(claims.scope ?? '').split(' ')
    if (!SCOPES.every((scope) => scopes.includes(scope))) return refuse('invalid_scope', 'Missing scopes')
    const now = Math.floor(Date.now() / 1000)
    const iat = Number(claims.iat)
    const exp = Number(claims.exp)
    if (!(Math.abs(iat - now) <= 300 && exp > iat && exp - iat <= 3600)) {
      return refuse('invalid_grant', 'Invalid JWT: Token must be a short-lived token (60 minutes)')
    }
    const accessToken = `ya29.fake-${randomBytes(12).toString('hex')}`
    d.tokens.add(accessToken)
    record.verdict = 'issued'
    send(
      res,
      200,
      JSON.stringify({ access_token: accessToken, expires_in: d.tokenLifetime, token_type: 'Bearer' }),
    )
  }

  async function database(req: IncomingMessage, res: ServerResponse, url: URL) {
    const d = db(url.searchParams.get('ns'))
    const body = await readBody(req)
    const query = Object.fromEntries(url.searchParams)
    const authorization = req.headers.authorization
    d.requests.push({
      method: req.method ?? '',
      path: decodeURIComponent(url.pathname),
      query,
      ...(authorization === undefined ? {} : { authorization }),
      body,
    })

    const scripted = d.script.shift()
    if (scripted?.delayMs) await new Promise((resolve) => setTimeout(resolve, scripted.delayMs))
    if (scripted?.hang) {
      d.held.add(res)
      res.on('close', () => d.held.delete(res))
      return
    }
    if (scripted?.garbage) return send(res, 200, '<html>Service temporarily broken</html>', 'text/html')
    if (scripted?.status) return send(res, scripted.status, scripted.body ?? '')

    if (!url.pathname.endsWith('.json')) return send(res, 404, '{"error" : "Not found"}')
    const path = url.pathname.slice(1, -'.json'.length)
    const keys = path === '' ? [] : path.split('/').map(decodeURIComponent)
    if (!keys.every(keyIsValid))
      return send(res, 400, '{\n  "error" : "Invalid path: Invalid token in path"\n}\n')

    const bearer = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1]
    const authorised =
      (query.auth !== undefined && d.secrets.has(query.auth)) ||
      (query.access_token !== undefined && d.tokens.has(query.access_token)) ||
      (bearer !== undefined && d.tokens.has(bearer)) ||
      (req.method === 'GET' && d.publicRead)
    if (!authorised) return send(res, 401, PERMISSION_DENIED)

    if (req.method === 'GET') return send(res, 200, JSON.stringify(getAt(d.data, keys)))
    if (req.method === 'PUT') {
      let value: Json
      try {
        value = JSON.parse(body) as Json
      } catch {
        return send(
          res,
          400,
          `{\n  "error" : "Invalid data; couldn't parse JSON object, array, or value."\n}\n`,
        )
      }
      d.data = setAt(d.data, keys, value)
      return query.print === 'silent' ? send(res, 204) : send(res, 200, JSON.stringify(value))
    }
    return send(res, 405, '{"error" : "Method not allowed"}')
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`)
    const handle = url.pathname.startsWith('/__control/')
      ? control
      : url.pathname === '/token' && req.method === 'POST'
        ? token
        : database
    handle(req, res, url).catch((error: unknown) => send(res, 500, JSON.stringify({ error: String(error) })))
  })
  return listenLocal(server, port, () => {
    for (const d of databases.values()) for (const held of d.held) held.destroy()
  })
}
