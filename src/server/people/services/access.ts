/**
 * Who may reach the console and the settings API, answered in one place (built by the
 * composition root, server/isolate.ts):
 * - who a request is: Cloudflare Access's identity or a console session (consolePerson); for the
 *   JSON API, Access, a machine's Bearer token or HTTP Basic (apiPerson);
 * - whether a password attempt may be made now: the sign-in guard's protocol (ask it, compare,
 *   tell it how it went), written once in attemptPassword;
 * - what this person may do (may): their role's row of the one table, schemas/roles.ts.
 * It takes plain facts (a header's value, a cookie's token, the client's key), never a request,
 * and refuses with codes (schemas/admin-outcomes.ts) whose words are in content/admin. Failed
 * sign-ins are logged by client, never with the user name, password or token.
 */
import { timingSafeEqual } from 'hono/utils/buffer'
import { sha256Hex } from '../../../lib/hex'
import { log } from '../../../lib/log'
import { errorText, fail, ok, refuse, type Result } from '../../../lib/result'
import type { AccessRefusal } from '../../../schemas/admin-outcomes'
import type { GuardStatus } from '../../../schemas/admin-records'
import { may, type ConsoleAction, type Role } from '../../../schemas/roles'
import type { Outcome, SignInGuard } from '../storage/sign-in-guard'
import { verifyAccessJwt, type AccessKeys } from './access-jwt'
import type { AccessSettings } from './access-settings'
import type { AdminSessions } from './admin-sessions'

const MIN_PASSWORD_LENGTH = 12
/** A machine's token is random, not remembered: long enough that guessing is hopeless. */
const MIN_API_TOKEN_LENGTH = 32
/** Who the history names for a change made with SETTINGS_API_TOKEN. */
const API_TOKEN_ADMIN = 'api token'

/** Whether the password door is open: `on`, or why not. */
type PasswordState = 'on' | 'unset' | 'too short' | 'access only'

/**
 * Who signed in: the admin's name (or Access e-mail), their role, and their id when a console
 * session names them.
 */
export interface Person {
  who: string
  role: Role
  id?: string
  /** A translator's locales (their codes): the only ones they may translate. */
  locales?: readonly string[]
}

/** A user name and password as HTTP Basic or the sign-in form carried them. */
export interface Credentials {
  username: string
  password: string
}

/**
 * The Authorization header as the API door read it: none at all, a Bearer token (empty when
 * malformed), or anything else with the HTTP Basic credentials it holds, if it holds any.
 */
export type Authorization = { bearer: string } | { basic: Credentials | undefined } | undefined

/** What the API door read from the request. */
interface ApiFacts {
  /** Cloudflare Access's token (Cf-Access-Jwt-Assertion). */
  assertion?: string
  authorization: Authorization
  client: string
  /** For the log lines: which door was asked. */
  path: string
}

/** How the sign-in guard answered a password attempt. */
type PasswordAttempt =
  { outcome: Outcome } | { refused: 'locked-out'; retryAfterSeconds: number } | { refused: 'guard-down' }

/** The tag of a password admin's session under `password` (see AccessService.passwordTagFor). */
export const passwordSessionTag = async (password: string) =>
  (await sha256Hex(`admin-password-session:${password}`)).slice(0, 8)

/** A password attempt the guard refused, as the API's refusal (with when to try again). */
const refusedAttempt = (attempt: Exclude<PasswordAttempt, { outcome: Outcome }>) =>
  refuse(
    attempt.refused,
    'retryAfterSeconds' in attempt ? { retryAfterSeconds: attempt.retryAfterSeconds } : {},
  )

export class AccessService {
  constructor(
    private readonly settings: AccessSettings,
    private readonly keys: AccessKeys,
    private readonly sessions: AdminSessions,
    /** A stub belongs to the request that made it, so each attempt asks for its own. */
    private readonly guard: () => DurableObjectStub<SignInGuard>,
    /** The budget of one fetch of Access's signing keys (Config's accessKeysBudgetMs). */
    private readonly keysBudgetMs: number,
  ) {}

  /** Cloudflare Access names every console person; sessions only as a break-glass. */
  get accessOnly(): boolean {
    return this.settings.access !== undefined && !this.settings.passwordWithAccess
  }

  get passwordState(): PasswordState {
    const { password } = this.settings
    if (this.accessOnly) return 'access only'
    if (!password) return 'unset'
    return password.length < MIN_PASSWORD_LENGTH ? 'too short' : 'on'
  }

  /** The password admin's name: ADMIN_USERNAME, or "admin". */
  get passwordAdminName(): string {
    return this.settings.username
  }

  /** Who an Access identity without a role should ask: the Access admins. */
  get accessAdmins(): readonly string[] {
    return this.settings.accessAdmins
  }

  /** Whether the user name and password are the admin's (both compared, in constant time). */
  async isPasswordAdmin(credentials: Credentials): Promise<boolean> {
    const [userOk, passOk] = await Promise.all([
      timingSafeEqual(credentials.username, this.settings.username),
      timingSafeEqual(credentials.password, this.settings.password),
    ])
    return userOk && passOk
  }

  /** The console: the person Access names, else the one whose session the cookie carries (null: none). */
  async consolePerson(facts: {
    assertion?: string
    sessionToken?: string
    path: string
  }): Promise<Result<Person | null, AccessRefusal>> {
    const byAccess = await this.accessPerson(facts.assertion, facts.path)
    if (byAccess) return byAccess
    if (this.accessOnly) return refuse('through-access')
    const session = facts.sessionToken ? await this.sessions.resume(facts.sessionToken) : ok(null)
    if (!session.ok) {
      log.error('admin', 'session not read', { reason: session.error.message })
      return refuse('guard-down', { retryAfterSeconds: 30 })
    }
    if (!session.value) return ok(null)
    const { name, adminId, role, locales } = session.value
    // The password admin's session follows the secret: rotated or unset, it ends here.
    if (this.isPasswordAdminName(name) && session.value.passwordTag !== (await this.passwordTagFor(name))) {
      await this.sessions.end(facts.sessionToken!)
      log.info('admin', 'session ended: ADMIN_PASSWORD changed since it began', { adminId })
      return ok(null)
    }
    // The password admin is an admin whatever their row says; everyone else has their row's role.
    const passwordAdmin = this.passwordState === 'on' && this.isPasswordAdminName(name)
    if (passwordAdmin) return ok({ who: name, id: adminId, role: 'admin' })
    return ok({ who: name, id: adminId, role, locales: locales?.split(',').filter(Boolean) ?? [] })
  }

  /** Whether `name` is the password admin's (ADMIN_USERNAME, in any case), password set or not. */
  isPasswordAdminName(name: string): boolean {
    return name.toLowerCase() === this.settings.username.toLowerCase()
  }

  /** The password admin's passkeys follow the secret too: while it is unset, that account is off. */
  passkeysOn(name: string): boolean {
    return !this.isPasswordAdminName(name) || this.passwordState === 'on'
  }

  /**
   * What a session of `name` is tagged with: for the password admin, the first 8 hex digits of a
   * SHA-256 of the current ADMIN_PASSWORD (too short to guess it from, enough to tell a rotation),
   * or 'unset' while it is not on; null for everyone else.
   */
  async passwordTagFor(name: string): Promise<string | null> {
    if (!this.isPasswordAdminName(name)) return null
    return this.passwordState === 'on' ? passwordSessionTag(this.settings.password) : 'unset'
  }

  /** The settings API: Access first, then a machine's token, then the password (HTTP Basic). */
  async apiPerson(facts: ApiFacts): Promise<Result<Person, AccessRefusal>> {
    const byAccess = await this.accessPerson(facts.assertion, facts.path)
    if (byAccess) return byAccess
    const { apiToken, password } = this.settings
    const { authorization } = facts
    const bearer = authorization && 'bearer' in authorization ? authorization.bearer : undefined
    if (bearer !== undefined && apiToken.length >= MIN_API_TOKEN_LENGTH) {
      // A 32-character token cannot be guessed: the right one never meets the guard, so a
      // guessing wave (one client's or the global ceiling) never locks a machine out.
      if (await timingSafeEqual(bearer, apiToken)) return ok({ who: API_TOKEN_ADMIN, role: 'admin' })
      const attempt = await this.attemptPassword(facts.client, facts.path, async () => 'failed')
      return 'refused' in attempt ? refusedAttempt(attempt) : refuse('bad-api-token')
    }
    // Tokens off: the password door answers (and counts) a Bearer as the wrong scheme it then is.
    if (bearer !== undefined && apiToken)
      log.error('admin', 'API tokens off: SETTINGS_API_TOKEN is too short', { path: facts.path })
    // Access only: the password door is shut for the API as for the console.
    if (this.accessOnly) return refuse('through-access')
    if (!password) {
      if (this.settings.access) return refuse('through-access')
      if (apiToken.length >= MIN_API_TOKEN_LENGTH) return refuse('need-api-token')
      log.error('admin', 'request refused: ADMIN_PASSWORD is not set', { path: facts.path })
      return refuse('password-off')
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      log.error('admin', 'request refused: ADMIN_PASSWORD is too short', {
        path: facts.path,
        minLength: MIN_PASSWORD_LENGTH,
      })
      return refuse('password-too-short')
    }
    // A missing header is the browser's first request, not a failure; a malformed one is.
    const attempt = await this.attemptPassword(facts.client, facts.path, async () => {
      if (authorization === undefined) return 'no credentials'
      const credentials = 'basic' in authorization ? authorization.basic : undefined
      return credentials && (await this.isPasswordAdmin(credentials)) ? 'succeeded' : 'failed'
    })
    if ('refused' in attempt) return refusedAttempt(attempt)
    return attempt.outcome === 'succeeded'
      ? ok({ who: this.settings.username, role: 'admin' })
      : refuse('wrong-password')
  }

  /**
   * The sign-in guard's protocol: asks it whether `client` may try now, then `check` (which
   * compares the credentials), then tells it how that went. A locked-out client is refused before
   * anything is compared. `path`, when given, names the door in the log lines.
   */
  async attemptPassword(
    client: string,
    path: string | undefined,
    check: () => Promise<Outcome>,
  ): Promise<PasswordAttempt> {
    const guard = this.guard()
    const where = path === undefined ? {} : { path }
    const begun = await guard.begin(client).catch((error: unknown) => {
      log.error('admin', 'sign-in guard unavailable', { error })
      return undefined
    })
    if (!begun) return { refused: 'guard-down' }
    if (!begun.allowed) {
      const { retryAfterSeconds } = begun
      log.warn('admin', 'client refused: locked out', { client, ...where, retryAfterSeconds })
      return { refused: 'locked-out', retryAfterSeconds }
    }
    const outcome = await check()
    const lockedNow = await guard.end(begun.ticket, outcome).catch(() => false)
    if (outcome === 'failed') log.warn('admin', 'failed sign-in', { client, ...where })
    if (lockedNow) log.warn('admin', 'client locked out after repeated failed sign-ins', { client })
    return { outcome }
  }

  /** The guard's figures for the overview: failures in the window, clients locked out. */
  async guardStatus(): Promise<Result<GuardStatus>> {
    return this.guard()
      .status()
      .then(
        (status: GuardStatus) => ok(status),
        (error: unknown) => fail(errorText(error), true),
      )
  }

  /** Whether this person may do `action` (schemas/roles.ts PERMISSIONS). */
  may(person: Person, action: ConsoleAction): boolean {
    return may(person.role, action)
  }

  /** The person a valid Access token names; undefined when Access is off or the request has no token. */
  private async accessPerson(
    assertion: string | undefined,
    path: string,
  ): Promise<Result<Person, AccessRefusal> | undefined> {
    const { access } = this.settings
    if (!access || !assertion) return undefined
    const verified = await verifyAccessJwt(assertion, access, this.keys, this.keysBudgetMs)
    if (!verified.ok) {
      log.warn('admin', 'refused an Access token', { path, reason: verified.error.message })
      return refuse('bad-access-token')
    }
    const { email } = verified.value
    const role = this.settings.accessAdmins.includes(email.toLowerCase())
      ? 'admin'
      : this.settings.accessDefaultRole
    if (role) return ok({ who: email, role })
    log.warn('admin', 'refused an Access identity without a role', { path })
    return refuse('no-role')
  }
}
