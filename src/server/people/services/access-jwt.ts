/**
 * Cloudflare Access in front of the admin: Access signs every request it lets through with an
 * RS256 JWT in `Cf-Access-Jwt-Assertion`. We check it against the team's published keys (JWKS)
 * with hono/jwt: signature, issuer (the team domain), audience (the application's AUD tag) and
 * expiry. The person is in the `email` claim.
 * https://developers.cloudflare.com/cloudflare-one/access-controls/applications/http-apps/authorization-cookie/validating-json/
 */
import { verifyWithJwks } from 'hono/jwt'
import type { HonoJsonWebKey } from 'hono/utils/jwt/jws'
import type { Bindings } from '../../../env'
import { isSecureEndpoint } from '../../../lib/endpoints'
import { errorText, fail, ok, type Result } from '../../../lib/result'
import { withTimeout } from '../../../lib/timeout'

/** Keys rotate every six weeks and the old key stays valid a week, so an hour of caching is safe. */
const KEYS_TTL_MS = 60 * 60 * 1000
/** A token with a key we do not know makes us fetch again, but not more often than this. */
const REFETCH_FLOOR_MS = 60 * 1000

export interface AccessConfig {
  /** https://<team>.cloudflareaccess.com: the issuer of the tokens. */
  teamDomain: string
  aud: string
}

/** Access mode is on when both values are set; a team domain that is not https is ignored. */
export function accessConfig(env: Bindings): AccessConfig | undefined {
  const aud = env.ACCESS_AUD?.trim()
  let domain = env.ACCESS_TEAM_DOMAIN?.trim().replace(/\/+$/, '')
  if (!aud || !domain) return undefined
  if (!/^https?:\/\//.test(domain)) domain = `https://${domain}`
  return isSecureEndpoint(domain) ? { teamDomain: domain, aud } : undefined
}

/** The team's signing keys, cached per isolate (server/isolate.ts). */
export class AccessKeys {
  private keys: HonoJsonWebKey[] = []
  private fetchedAt = 0
  private fetching?: Promise<void>

  /** The keys for a token signed with `kid`; `timeoutMs` is the budget of a fetch (Config's accessKeysBudgetMs). */
  async get(teamDomain: string, kid: string | undefined, timeoutMs: number): Promise<HonoJsonWebKey[]> {
    const now = Date.now()
    const known = this.keys.some((key) => key.kid === kid)
    const stale = now - this.fetchedAt > KEYS_TTL_MS
    if ((stale || !known) && now - this.fetchedAt > REFETCH_FLOOR_MS) {
      this.fetching ??= this.fetch(teamDomain, timeoutMs).finally(() => (this.fetching = undefined))
      await this.fetching
    }
    return this.keys
  }

  private async fetch(teamDomain: string, timeoutMs: number): Promise<void> {
    const response = await withTimeout(timeoutMs, (signal) =>
      fetch(`${teamDomain}/cdn-cgi/access/certs`, { signal }),
    )
    const body = (await response.json()) as { keys?: HonoJsonWebKey[] }
    if (!response.ok || !Array.isArray(body.keys))
      throw new Error(`no JWKS at ${teamDomain} (${response.status})`)
    this.keys = body.keys
    this.fetchedAt = Date.now()
  }
}

/** The e-mail of the person Access let through, or why the token is not one of ours. */
export async function verifyAccessJwt(
  token: string,
  config: AccessConfig,
  cache: AccessKeys,
  keysBudgetMs: number,
): Promise<Result<{ email: string }>> {
  try {
    const kid = JSON.parse(atob(token.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/'))).kid as unknown
    const keys = await cache.get(config.teamDomain, typeof kid === 'string' ? kid : undefined, keysBudgetMs)
    const payload = await verifyWithJwks(token, {
      keys,
      allowedAlgorithms: ['RS256'],
      verification: { iss: config.teamDomain, aud: config.aud, exp: true },
    })
    if (typeof payload.exp !== 'number') return fail('the token has no expiry')
    if (typeof payload.email !== 'string' || !payload.email) return fail('the token names no e-mail')
    return ok({ email: payload.email })
  } catch (error) {
    return fail(reasonOf(error))
  }
}

/** hono/jwt's messages quote the token and its claims; logs get the reason only. */
const REASONS: Record<string, string> = {
  JwtTokenExpired: 'the token has expired',
  JwtTokenNotBefore: 'the token is not valid yet',
  JwtTokenAudience: 'the token is for another application (aud)',
  JwtPayloadRequiresAud: 'the token names no application (aud)',
  JwtTokenIssuer: 'the token comes from another team (iss)',
  JwtTokenSignatureMismatched: 'the signature does not match the team key',
  JwtTokenInvalid: 'the token is malformed or signed by a key the team does not publish',
  JwtHeaderInvalid: 'the token header is invalid',
  JwtHeaderRequiresKid: 'the token header names no key (kid)',
  JwtAlgorithmNotAllowed: 'the token is not signed with RS256',
  JwtSymmetricAlgorithmNotAllowed: 'the token is not signed with RS256',
  JwtAlgorithmMismatch: 'the token algorithm does not match its key',
}

function reasonOf(error: unknown): string {
  const name = error instanceof Error ? error.name : ''
  return REASONS[name] ?? (error instanceof SyntaxError ? 'the token is malformed' : errorText(error))
}
