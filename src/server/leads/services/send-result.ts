/**
 * What every delivery channel shares (leads/services/lead-channels.ts): how one send ended, and the
 * title of the e-mail sales receive, whichever channel carries it.
 */
/** Fixed template title (spec section 3). */
export const EMAIL_TITLE = 'Schedule Call Request'

/** How one send ended, named by the status the lead moves to. */
export type SendResult =
  | { outcome: 'delivered' }
  /**
   * Worth trying again later: rate limit, server error, timeout, network failure. `unknown` when
   * no answer came (a timeout, a lost connection, a cut-off answer): the channel may have sent it.
   */
  | { outcome: 'retrying'; reason: string; status?: number; retryAfterSeconds?: number; unknown?: true }
  /** A configuration problem on the channel's side: retrying will not help until someone fixes it. */
  | {
      outcome: 'dead'
      reason: string
      status?: number
      /** Refused before any request (a form's other address with no template for it): says nothing of the channel's health. */
      notTried?: true
    }
