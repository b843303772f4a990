/**
 * The spam rules, in one place. A contact post that breaks any of them is stored as spam with
 * each broken rule's name as a reason (the console lists them), never e-mailed and never counted
 * against the daily cap; the sender gets the same answer as for a real lead. Each rule looks at
 * the evidence the contact door gathered about the post, so every rule is a pure function.
 */
import { HONEYPOT_FIELD } from '../../schemas/contact'

/** What the contact door knows about one post. */
export interface PostEvidence {
  /** The submission as it arrived (JSON body or form fields). */
  body: Record<string, unknown>
}

export interface SpamRule {
  /** The reason stored with a post it catches: short, lower case, readable in the console. */
  name: string
  caught: (post: PostEvidence) => boolean
}

const filled = (value: unknown) => value !== undefined && value !== null && value !== ''

export const SPAM_RULES: readonly SpamRule[] = [
  {
    // People never see the field (it is hidden and aria-hidden); form-filling bots fill it.
    name: 'hidden field filled',
    caught: (post) => filled(post.body[HONEYPOT_FIELD]),
  },
]

/** The names of the rules a post breaks, in SPAM_RULES order; empty for a clean post. */
export function spamReasons(post: PostEvidence): string[] {
  return SPAM_RULES.filter((rule) => rule.caught(post)).map((rule) => rule.name)
}
