/**
 * What becomes of a valid contact post, decided from plain facts (its fields, its form token, its
 * client, its Turnstile answer, the time), never from the request: spam for the reasons the spam
 * rules give (leads/services/spam-rules.ts), or, when Turnstile is on and the rules pass it, what the
 * challenge says (spam when it failed, held when it could not be checked). Turnstile is not asked
 * about a post the rules already caught, a test sent from a preview or share link included.
 *
 * The verdict returns a decision and files nothing: the contact door files the lead with the lead
 * desk. A good form token is spent on the post it carries; when the post cannot be filed (the desk
 * failed), the door calls `undo`, which gives the token back, so the sender's retry with the same
 * form is not read as a replay.
 */
import { log } from '../../../lib/log'
import type { FormTokens } from './form-token'
import { spamReasons } from './spam-rules'
import type { Turnstile } from './turnstile'

/** One contact post, as plain facts. */
interface PostFacts {
  /** The submission as it arrived (JSON body or form fields), after validation. */
  fields: Record<string, unknown>
  /** Its form token, as posted (anything: the verdict judges it). */
  formToken: unknown
  /** Its Turnstile token, as posted. */
  turnstileToken: unknown
  /** The client's rate-limit key (IPv4 address or IPv6 /64): a token is good for its own client. */
  client: string
  /** What Turnstile checks besides the token: the form's door (no JavaScript), this host, the address. */
  challenge: { viaForm: boolean; hostname: string; remoteIp?: string }
  now?: number
}

/** How a post is filed: spam for these reasons (none: not spam), or held for this reason. */
export interface Verdict {
  spamReasons: string[]
  holdReason?: string
}

/** A judged post: how to file it, the good form token it spent (if any), and whether it came from a draft view (a test). */
interface Decision {
  verdict: Verdict
  spentToken?: string
  /** Sent from a preview or share link: filed as a test, and the sender is told so. */
  draftView: boolean
}

export class ContactVerdicts {
  constructor(
    private readonly formTokens: FormTokens,
    /** Cloudflare Turnstile, when it is on. */
    private readonly turnstile: Turnstile | undefined,
  ) {}

  /** Judges the post, spending its form token if it is a good one (give it back with `undo`). */
  async decide(facts: PostFacts): Promise<Decision> {
    const {
      verdict: token,
      draftView,
      unchecked,
    } = await this.formTokens.redeem(facts.formToken, facts.client, facts.now)
    if (unchecked) log.error('contact', 'form token replay check skipped', { reason: unchecked })
    const verdict = await this.judge(facts, spamReasons({ body: facts.fields, formToken: token, draftView }))
    return { verdict, draftView, ...(token === 'valid' ? { spentToken: String(facts.formToken) } : {}) }
  }

  /** A decided post could not be filed: its token is given back, so the sender's retry is no replay. */
  async undo(decision: Decision): Promise<void> {
    if (decision.spentToken === undefined) return
    const released = await this.formTokens.release(decision.spentToken)
    if (!released.ok) log.error('contact', released.error.message)
  }

  private async judge(facts: PostFacts, reasons: string[]): Promise<Verdict> {
    if (reasons.length || !this.turnstile) return { spamReasons: reasons }
    const challenge = await this.turnstile.verify(facts.turnstileToken, facts.challenge)
    if (challenge.outcome === 'failed') return { spamReasons: challenge.reasons }
    if (challenge.outcome === 'unchecked') return { spamReasons: [], holdReason: challenge.reason }
    return { spamReasons: [] }
  }
}
