/**
 * A Cloudflare Access team for tests: RSA keys made with WebCrypto, the public half published on
 * the local JWKS stand-in (tests/support/fake-access.ts), tokens signed with hono/jwt as Access
 * signs them (RS256, kid in the header, iss = team domain, aud = [AUD tag], email).
 */
import { sign } from 'hono/jwt'
import { inject } from 'vitest'
import { newRsaKeyPair } from './rsa'

const base = `http://127.0.0.1:${inject('accessPort')}`

async function keyPair(kid: string) {
  const pair = await newRsaKeyPair()
  const privateJwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey
  const publicJwk = (await crypto.subtle.exportKey('jwk', pair.publicKey)) as JsonWebKey
  return {
    private: { ...privateJwk, kid, alg: 'RS256' },
    public: { kty: publicJwk.kty, n: publicJwk.n, e: publicJwk.e, kid, alg: 'RS256', use: 'sig' },
  }
}

export async function newAccessTeam() {
  const team = `team-${crypto.randomUUID().slice(0, 8)}`
  const teamDomain = `${base}/${team}`
  const aud = `aud-${crypto.randomUUID()}`
  const published = await keyPair(`kid-${crypto.randomUUID().slice(0, 8)}`)
  const publish = async (keys: object[]) => {
    const response = await fetch(`${base}/__control/keys`, {
      method: 'POST',
      body: JSON.stringify({ team, keys }),
    })
    if (!response.ok) throw new Error(`fake Access control: ${response.status}`)
  }
  await publish([published.public])
  const now = () => Math.floor(Date.now() / 1000)
  return {
    teamDomain,
    aud,
    // The person its tokens name by default is one of the console's admins.
    env: { ACCESS_TEAM_DOMAIN: teamDomain, ACCESS_AUD: aud, ADMIN_ACCESS_EMAILS: 'owner@example.com' },
    publish,
    keyPair,
    publishedKey: published,
    /** A token as Access would issue it, with any claim or the key overridden. */
    token(claims: Record<string, unknown> = {}, key: { private: object } = published) {
      return sign(
        {
          iss: teamDomain,
          aud: [aud],
          email: 'owner@example.com',
          iat: now(),
          exp: now() + 600,
          sub: 'u1',
          ...claims,
        },
        key.private as JsonWebKey & { alg: 'RS256' },
      )
    },
    async fetches(): Promise<number> {
      const response = await fetch(`${base}/__control/fetches?team=${team}`)
      return ((await response.json()) as { fetches: number }).fetches
    },
  }
}
