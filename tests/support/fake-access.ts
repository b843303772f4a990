/**
 * A local stand-in for a Cloudflare Access team's signing keys: GET /<team>/cdn-cgi/access/certs
 * answers `{ keys: [JWK…] }` as Access does. Tests register a team's public keys with
 * POST /__control/keys {team, keys} (each test uses its own team path, so nothing is shared) and
 * read how often the keys were fetched with GET /__control/fetches?team=….
 */
import { createServer } from 'node:http'
import { listenLocal, readBody } from './http.ts'

export async function startFakeAccess(port = 0) {
  const teams = new Map<string, { keys: unknown[]; fetches: number }>()
  const team = (name: string) => {
    let found = teams.get(name)
    if (!found) teams.set(name, (found = { keys: [], fetches: 0 }))
    return found
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
    if (req.method === 'POST' && url.pathname === '/__control/keys') {
      void readBody(req).then((text) => {
        const input = JSON.parse(text) as { team: string; keys: unknown[] }
        team(input.team).keys = input.keys
        json(200, {})
      })
      return
    }
    if (url.pathname === '/__control/fetches')
      return json(200, { fetches: team(url.searchParams.get('team') ?? '').fetches })
    const certs = /^\/([\w-]+)\/cdn-cgi\/access\/certs$/.exec(url.pathname)
    if (req.method === 'GET' && certs) {
      const found = team(certs[1]!)
      found.fetches++
      return json(200, { keys: found.keys, public_cert: { kid: 'unused', cert: '' }, public_certs: [] })
    }
    json(404, { error: 'not found' })
  })
  return listenLocal(server, port)
}
