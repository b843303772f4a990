/**
 * Cloudflare Access mode (ACCESS_TEAM_DOMAIN and ACCESS_AUD set): a valid Cf-Access-Jwt-Assertion
 * is accepted on the admin routes and its e-mail recorded as who changed the viewer URL; anything
 * else is refused. The team's keys come from a local JWKS stand-in, fetched once and cached.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Bindings } from '../../../src/env'
import { VIEWER_URL_PATH } from '../../../src/schemas/settings'
import { callApp, captureConsole, env, newAccessTeam, putInit } from '../support'

const NEW_URL = 'https://viewer.example.org/access/?model=ring.glb'

/** PUT /api/settings with an Access token and no Basic credentials. */
function putWithToken(token: string) {
  const init = putInit(NEW_URL, { 'Cf-Access-Jwt-Assertion': token })
  delete (init.headers as Record<string, string>).Authorization
  return init
}

async function latestChange() {
  return env.DB.prepare('SELECT * FROM settings_history ORDER BY id DESC LIMIT 1').first<{
    changed_by: string
    source: string
    new_value: string
  }>()
}

beforeEach(async () => {
  await env.SETTINGS.delete(VIEWER_URL_PATH)
})

describe('Cloudflare Access mode', () => {
  it('accepts a valid token on PUT /api/settings, /update and records its e-mail as who', async () => {
    const team = await newAccessTeam()
    const token = await team.token({ email: 'ceo@brand.example' })
    team.env.ADMIN_ACCESS_EMAILS = 'ceo@brand.example'
    const { response } = await callApp('/api/settings', putWithToken(token), team.env)
    expect(response.status).toBe(200)
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBe(NEW_URL)
    expect(await latestChange()).toMatchObject({
      changed_by: 'ceo@brand.example',
      source: 'api',
      new_value: NEW_URL,
    })

    const page = await callApp('/update', { headers: { 'Cf-Access-Jwt-Assertion': token } }, team.env)
    expect(page.response.status).toBe(200)
    expect(page.body).toContain(NEW_URL)
  })

  const refused: [string, (team: Awaited<ReturnType<typeof newAccessTeam>>) => Promise<string>][] = [
    ['expired', (team) => team.token({ exp: Math.floor(Date.now() / 1000) - 60 })],
    ['for another application (aud)', (team) => team.token({ aud: ['someone-elses-app'] })],
    ['from another team (iss)', (team) => team.token({ iss: 'https://other-team.cloudflareaccess.com' })],
    [
      'signed by a key the team does not publish',
      async (team) => team.token({}, await team.keyPair(team.publishedKey.public.kid)),
    ],
    ['signed by an unknown key id', async (team) => team.token({}, await team.keyPair('kid-unknown'))],
    ['without an e-mail', (team) => team.token({ email: undefined })],
    ['not a JWT at all', async () => 'not-a-token'],
  ]
  for (const [name, make] of refused) {
    it(`refuses a token ${name}: 403, nothing stored, the reason logged without the token`, async () => {
      const team = await newAccessTeam()
      const token = await make(team)
      const logs = captureConsole()
      const { response, body } = await callApp('/api/settings', putWithToken(token), team.env)
      expect(response.status).toBe(403)
      expect(JSON.parse(body)).toEqual({ error: 'The Cloudflare Access token is not valid for this site.' })
      expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBeNull()
      expect(logs.find({ area: 'admin', message: 'refused an Access token', path: '/api/settings' })).toEqual(
        [expect.objectContaining({ reason: expect.stringMatching(/^the /) })],
      )
      expect(logs.text()).not.toContain(token)
    })
  }

  it('fetches the team keys once, and again (once) for a token with a key id it has not seen', async () => {
    const team = await newAccessTeam()
    for (let i = 0; i < 3; i++) {
      const { response } = await callApp('/api/settings', putWithToken(await team.token()), team.env)
      expect(response.status).toBe(200)
    }
    expect(await team.fetches()).toBe(1)
    // A rotated key: published now, used at once. Within the refetch floor it is not looked up
    // again for every request, so a flood of made-up key ids cannot hammer the team's endpoint.
    const rotated = await team.keyPair('kid-rotated')
    await team.publish([team.publishedKey.public, rotated.public])
    for (let i = 0; i < 3; i++) {
      const { response } = await callApp(
        '/api/settings',
        putWithToken(await team.token({}, rotated)),
        team.env,
      )
      expect(response.status).toBe(403)
    }
    expect(await team.fetches()).toBe(1)
    // Once the floor has passed, the unknown key id makes it look again, and the new key works.
    const realNow = Date.now.bind(Date)
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 61_000)
    const { response } = await callApp('/api/settings', putWithToken(await team.token({}, rotated)), team.env)
    expect(response.status).toBe(200)
    expect(await team.fetches()).toBe(2)
  })

  it('refuses HTTP Basic in Access-only mode, the right password too; the break-glass lets it in', async () => {
    const team = await newAccessTeam()
    const basic = await callApp('/api/settings', putInit(NEW_URL), team.env)
    expect(basic.response.status).toBe(401)
    expect(basic.response.headers.get('WWW-Authenticate')).toBeNull()
    expect(JSON.parse(basic.body)).toEqual({ error: 'Sign in through Cloudflare Access to reach the admin.' })
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBeNull()
    const breakGlass = { ...team.env, ADMIN_PASSWORD_WITH_ACCESS: 'true' }
    expect((await callApp('/api/settings', putInit(NEW_URL), breakGlass)).response.status).toBe(200)
    const noPassword: Partial<Bindings> = { ...team.env, ADMIN_PASSWORD: undefined }
    const { response, body } = await callApp('/api/settings', putInit(NEW_URL), noPassword)
    expect(response.status).toBe(401)
    expect(JSON.parse(body)).toEqual({ error: 'Sign in through Cloudflare Access to reach the admin.' })
  })
})
