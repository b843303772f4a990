/**
 * Cloudflare Turnstile, when TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY are both set: the contact
 * form's island renders the challenge (src/islands/turnstile.ts) and every post's token is checked
 * here with siteverify, for success, this host and the form's action. The verdict never refuses a
 * post: a failed challenge, or none (no token, JavaScript off included), makes it spam, and a post
 * whose token could not be checked is held, so nothing a person sent is lost and nothing
 * unchecked reaches the inbox.
 */
import { z } from 'zod'
import type { Bindings } from '../../../env'
import { isSecureEndpoint, TURNSTILE_ORIGIN } from '../../../lib/endpoints'
import { log } from '../../../lib/log'
import { fail, ok, type Result } from '../../../lib/result'
import { TimeoutError, withTimeout } from '../../../lib/timeout'

const SITEVERIFY_URL = `${TURNSTILE_ORIGIN}/turnstile/v0/siteverify`
/** The widget's action on the contact form; siteverify echoes it, and another action is refused. */
export const TURNSTILE_ACTION = 'contact'
/** Turnstile's tokens are at most 2048 characters (server-side validation docs). */
const MAX_TOKEN_LENGTH = 2048

/** Error codes that speak about the visitor's token; every other code is about our request. */
const TOKEN_CODES: Record<string, string> = {
  'invalid-input-response': 'turnstile refused the token',
  'timeout-or-duplicate': 'turnstile token expired or replayed',
}
const tokenReason = (code: string) => `${TOKEN_CODES[code]} (${code})`

/** What the challenge says about one post. */
type ChallengeVerdict =
  | { outcome: 'passed' }
  /** The challenge failed: the post is spam, for these reasons. */
  | { outcome: 'failed'; reasons: string[] }
  /** The post could not be checked: it is held, for this reason, until sales send it. */
  | { outcome: 'unchecked'; reason: string }

const NOT_CHALLENGED = {
  form: 'not challenged (JavaScript off)',
  script: 'not challenged (no Turnstile token)',
} as const

const siteverifyAnswer = z.object({
  success: z.boolean(),
  'error-codes': z.array(z.string()).default([]),
  hostname: z.string().optional(),
  action: z.string().optional(),
})

type SiteverifyAnswer = z.infer<typeof siteverifyAnswer>

interface TurnstileConfig {
  siteKey: string
  secretKey: string
  verifyUrl: string
}

/** Turnstile's settings, or undefined when it is off (either key unset: the default, and locally). */
function turnstileConfig(env: Bindings): TurnstileConfig | undefined {
  const siteKey = env.TURNSTILE_SITE_KEY?.trim()
  const secretKey = env.TURNSTILE_SECRET_KEY?.trim()
  if (!siteKey || !secretKey) {
    if (siteKey || secretKey)
      log.error('contact', 'Turnstile is off: set both TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY')
    return undefined
  }
  return { siteKey, secretKey, verifyUrl: env.TURNSTILE_VERIFY_URL?.trim() || SITEVERIFY_URL }
}

export class Turnstile {
  readonly siteKey: string
  private readonly secretKey: string
  private readonly verifyUrl: string
  private readonly timeoutMs: number

  constructor(config: TurnstileConfig, timeoutMs: number) {
    this.siteKey = config.siteKey
    this.secretKey = config.secretKey
    this.verifyUrl = config.verifyUrl
    this.timeoutMs = timeoutMs
  }

  /**
   * Checks a post's token. `viaForm` says the post came from the plain form (no JavaScript), which
   * cannot carry a token; `hostname` is the host the form was served from.
   */
  async verify(
    token: unknown,
    post: { viaForm: boolean; hostname: string; remoteIp?: string },
  ): Promise<ChallengeVerdict> {
    // No token: nothing proves a person sent it. Spam (kept 30 days, "Not spam" sends it), never
    // held: a held lead is alerted and kept 180 days, which a script could ask for at will.
    if (typeof token !== 'string' || token === '')
      return { outcome: 'failed', reasons: [post.viaForm ? NOT_CHALLENGED.form : NOT_CHALLENGED.script] }
    if (token.length > MAX_TOKEN_LENGTH)
      return { outcome: 'failed', reasons: [tokenReason('invalid-input-response')] }
    // The secret travels in the body: never over plain http, except to a stand-in on this machine.
    if (!isSecureEndpoint(this.verifyUrl))
      return { outcome: 'unchecked', reason: 'siteverify not called: TURNSTILE_VERIFY_URL is not https' }
    const answer = await this.siteverify(token, post.remoteIp)
    if (!answer.ok) return { outcome: 'unchecked', reason: answer.error.message }
    const { success, hostname, action } = answer.value
    const codes = answer.value['error-codes']
    if (!success) {
      const tokenCodes = codes.filter((code) => code in TOKEN_CODES)
      if (tokenCodes.length === 0 || tokenCodes.length < codes.length)
        return {
          outcome: 'unchecked',
          reason: `siteverify refused the check (${codes.join(', ') || 'no error code'})`,
        }
      return { outcome: 'failed', reasons: tokenCodes.map(tokenReason) }
    }
    const reasons: string[] = []
    if (hostname !== post.hostname)
      reasons.push(`turnstile solved on another host (${hostname?.slice(0, 100) ?? 'none'})`)
    if (action !== TURNSTILE_ACTION)
      reasons.push(`turnstile solved for another action (${action?.slice(0, 100) ?? 'none'})`)
    return reasons.length ? { outcome: 'failed', reasons } : { outcome: 'passed' }
  }

  /** One siteverify exchange, answer read included, within the timeout. */
  private async siteverify(token: string, remoteIp: string | undefined): Promise<Result<SiteverifyAnswer>> {
    const body = new URLSearchParams({ secret: this.secretKey, response: token })
    if (remoteIp) body.set('remoteip', remoteIp)
    try {
      return await withTimeout(this.timeoutMs, async (signal) => {
        const response = await fetch(this.verifyUrl, { method: 'POST', body, signal })
        if (!response.ok) return fail(`siteverify answered HTTP ${response.status}`, true)
        const parsed = siteverifyAnswer.safeParse(await response.json().catch(() => undefined))
        return parsed.success ? ok(parsed.data) : fail('siteverify answered garbage', true)
      })
    } catch (error) {
      const reason = error instanceof TimeoutError ? 'siteverify timed out' : 'siteverify unreachable'
      log.warn('contact', reason, { error })
      return fail(reason, true)
    }
  }
}

/** The check the env turns on, with `timeoutMs` for siteverify (Config's turnstileBudgetMs); undefined when off. */
export function turnstileFor(env: Bindings, timeoutMs: number): Turnstile | undefined {
  const config = turnstileConfig(env)
  return config && new Turnstile(config, timeoutMs)
}
