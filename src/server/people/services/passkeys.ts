/**
 * Passkeys (WebAuthn) for the console, with SimpleWebAuthn: options for the browser, and the
 * checks of its answer (origin, RP ID, user verification, and a challenge this worker issued and
 * takes once). Public keys and counters are kept in D1 (people/storage/admins.ts); challenges live five
 * minutes (people/storage/sign-in-tokens.ts). SimpleWebAuthn and its dependencies (about 600 KB) load
 * with the first ceremony, not in every isolate that serves a page.
 */
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { errorText, fail, ok, type Result } from '../../../lib/result'
import type { AdminStore, PasskeyRecord } from '../storage/admins'
import type { ChallengePurpose, SignInTokens } from '../storage/sign-in-tokens'

/**
 * SimpleWebAuthn's certificate checks (@peculiar/x509, tsyringe) need the Reflect metadata
 * polyfill installed before they evaluate; split into lazy chunks, the bundler no longer keeps that
 * order by itself, so the polyfill is loaded first.
 */
const polyfilled = () => import('reflect-metadata')
const webauthn = async () => (await polyfilled(), import('@simplewebauthn/server'))
const base64Url = async () => (
  await polyfilled(),
  (await import('@simplewebauthn/server/helpers')).isoBase64URL
)

const CHALLENGE_TTL_MS = 5 * 60 * 1000
const RP_NAME = 'XR Stores console'

/** Where the ceremony runs: the site's origin and its host (the RP ID; never an IP address). */
interface RelyingParty {
  origin: string
  id: string
}

/**
 * The relying party of a ceremony: the site's canonical origin (SITE_ORIGIN) when it is set, so a
 * request under another host name (a workers.dev address, a forged Host) cannot make passkeys for
 * it; else the request's own origin (local development, previews).
 */
export const relyingPartyOf = (requestUrl: string, siteOrigin?: string): RelyingParty => {
  const { origin, hostname } = new URL(siteOrigin || requestUrl)
  return { origin, id: hostname }
}

/** The person a new passkey is for: an admin's id and name (a future admin's, for an invitation). */
interface PasskeyOwner {
  adminId: string
  name: string
}

/** A verified new passkey, before it has an owner and a label. */
type NewCredential = Pick<PasskeyRecord, 'id' | 'publicKey' | 'counter' | 'transports'>

const PASSKEY_REFUSED = 'The passkey could not be verified. Try again.'

export class Passkeys {
  constructor(
    private readonly admins: AdminStore,
    private readonly tokens: SignInTokens,
  ) {}

  /** What navigator.credentials.create needs to make a passkey for `owner`. */
  async registrationOptions(
    rp: RelyingParty,
    owner: PasskeyOwner,
    purpose: ChallengePurpose,
    subject: string,
  ): Promise<Result<PublicKeyCredentialCreationOptionsJSON>> {
    const existing = await this.admins.passkeysOf(owner.adminId)
    if (!existing.ok) return existing
    const options = await (
      await webauthn()
    ).generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rp.id,
      userName: owner.name,
      userDisplayName: owner.name,
      userID: new TextEncoder().encode(owner.adminId),
      attestationType: 'none',
      excludeCredentials: existing.value.map((key) => ({
        id: key.id,
        transports: key.transports as AuthenticatorTransport[],
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    })
    const saved = await this.saveChallenge(options.challenge, purpose, subject)
    return saved.ok ? ok(options) : saved
  }

  /**
   * Checks the browser's new passkey against a challenge issued for `purpose`: the credential
   * to store, and the subject its options were issued for (the caller checks it is theirs, and
   * decides whose passkey it becomes).
   */
  async verifyRegistration(
    rp: RelyingParty,
    response: RegistrationResponseJSON,
    purpose: ChallengePurpose,
  ): Promise<Result<{ subject: string; credential: NewCredential }>> {
    const challenge = await this.takeChallenge(response, purpose)
    if (!challenge.ok) return challenge
    try {
      const verified = await (
        await webauthn()
      ).verifyRegistrationResponse({
        response,
        ...(await expected(rp, response)),
      })
      if (!verified.verified) return fail(PASSKEY_REFUSED)
      const { credential } = verified.registrationInfo
      return ok({
        subject: challenge.value,
        credential: {
          id: credential.id,
          publicKey: (await base64Url()).fromBuffer(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
        },
      })
    } catch (error) {
      return fail(`${PASSKEY_REFUSED} (${errorText(error)})`)
    }
  }

  /** Deletes challenges nobody answered in time (the sweep), so none outlives its five minutes long. */
  forgetExpiredChallenges(now: Date): Promise<Result<number>> {
    return this.tokens.deleteExpiredChallenges(now.toISOString())
  }

  /** What navigator.credentials.get needs: any passkey of this site (discoverable credentials). */
  async signInOptions(rp: RelyingParty): Promise<Result<PublicKeyCredentialRequestOptionsJSON>> {
    const options = await (
      await webauthn()
    ).generateAuthenticationOptions({
      rpID: rp.id,
      userVerification: 'required',
    })
    const saved = await this.saveChallenge(options.challenge, 'sign-in', '')
    return saved.ok ? ok(options) : saved
  }

  /** The admin whose passkey signed a sign-in challenge, with the counter recorded. */
  async verifySignIn(rp: RelyingParty, response: AuthenticationResponseJSON): Promise<Result<string>> {
    const challenge = await this.takeChallenge(response, 'sign-in')
    if (!challenge.ok) return challenge
    const key = await this.admins.passkey(response.id)
    if (!key.ok) return key
    if (!key.value) return fail(PASSKEY_REFUSED)
    try {
      const { verifyAuthenticationResponse } = await webauthn()
      const verified = await verifyAuthenticationResponse({
        response,
        ...(await expected(rp, response)),
        credential: {
          id: key.value.id,
          publicKey: (await base64Url()).toBuffer(key.value.publicKey),
          counter: key.value.counter,
          transports: key.value.transports as AuthenticatorTransport[],
        },
      })
      if (!verified.verified) return fail(PASSKEY_REFUSED)
      const used = await this.admins.usePasskey(
        key.value.id,
        verified.authenticationInfo.newCounter,
        new Date().toISOString(),
      )
      return used.ok ? ok(key.value.adminId) : used
    } catch (error) {
      return fail(`${PASSKEY_REFUSED} (${errorText(error)})`)
    }
  }

  private saveChallenge(challenge: string, purpose: ChallengePurpose, subject: string) {
    const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS).toISOString()
    return this.tokens.saveChallenge(challenge, purpose, subject, expiresAt)
  }

  /**
   * Takes the challenge the browser signed, if this worker issued it for `purpose` and it is
   * unused and unexpired: its subject. The library then checks the signature covers it.
   */
  private async takeChallenge(
    response: RegistrationResponseJSON | AuthenticationResponseJSON,
    purpose: ChallengePurpose,
  ): Promise<Result<string>> {
    const challenge = await clientChallenge(response)
    if (!challenge) return fail(PASSKEY_REFUSED)
    const taken = await this.tokens.takeChallenge(challenge, purpose, new Date().toISOString())
    if (!taken.ok) return taken
    return taken.value === null ? fail(PASSKEY_REFUSED) : ok(taken.value)
  }
}

/** What every ceremony must show: our challenge, this origin and RP ID, and the person verified. */
const expected = async (
  rp: RelyingParty,
  response: RegistrationResponseJSON | AuthenticationResponseJSON,
) => ({
  expectedChallenge: await clientChallenge(response),
  expectedOrigin: rp.origin,
  expectedRPID: rp.id,
  requireUserVerification: true,
})

/** The challenge in the browser's clientDataJSON, or '' when it cannot be read. */
async function clientChallenge(
  response: RegistrationResponseJSON | AuthenticationResponseJSON,
): Promise<string> {
  try {
    const data = JSON.parse((await base64Url()).toUTF8String(response.response.clientDataJSON)) as {
      challenge?: unknown
    }
    return typeof data.challenge === 'string' ? data.challenge : ''
  } catch {
    return ''
  }
}
