/**
 * The spam rules, in one place. A contact post that breaks any of them is stored as spam with
 * each broken rule's name as a reason (the console lists them), never e-mailed and never counted
 * against the daily cap; the sender gets the same answer as for a real lead. Each rule looks at
 * the evidence the contact door gathered about the post, so every rule is a pure function.
 */
import { HONEYPOT_FIELD } from '../../../schemas/contact'
import type { FormTokenVerdict } from './form-token'

/** What the contact door knows about one post. */
interface PostEvidence {
  /** The submission as it arrived (JSON body or form fields). */
  body: Record<string, unknown>
  /** What its form token says (leads/services/form-token.ts). */
  formToken: FormTokenVerdict
  /** Whether its (genuine) form token was drawn on a preview or share link: a test, not a visitor. */
  draftView?: boolean
}

/**
 * The reason a lead sent from a draft view is filed with: a person trying the form on a preview or
 * share link, kept (nothing lost, Not spam still sends it) but never e-mailed nor posted to the CRM.
 */
export const DRAFT_VIEW_REASON = 'sent from a preview or share link: a test, not e-mailed'

interface SpamRule {
  /** The reason stored with a post it catches: short, lower case, readable in the console. */
  name: string
  caught: (post: PostEvidence) => boolean
  /** Why a person never breaks it. */
  why: string
}

/** Whether a submission has the hidden field filled: people never see it (hidden, aria-hidden). */
export function hiddenFieldFilled(body: unknown): boolean {
  const value = (body as Record<string, unknown> | null)?.[HONEYPOT_FIELD]
  return value !== undefined && value !== null && value !== ''
}

/** A rule per way a form token can fail, named by the verdict. */
const tokenRule = (verdict: Exclude<FormTokenVerdict, 'valid'>, why: string): SpamRule => ({
  name: verdict,
  caught: (post) => post.formToken === verdict,
  why,
})

export const SPAM_RULES: readonly SpamRule[] = [
  {
    name: DRAFT_VIEW_REASON,
    caught: (post) => post.draftView === true,
    why: 'only a preview or a share link draws the form with this mark, signed, and visitors never see either; a sender who copies it into a real form files only their own message as a test',
  },
  {
    name: 'hidden field filled',
    caught: (post) => hiddenFieldFilled(post.body),
    why: 'people never see the field (hidden, aria-hidden, out of the tab order); form-filling bots fill it',
  },
  tokenRule(
    'form token missing',
    'every form the site serves carries one; a script that never loaded a page has none',
  ),
  tokenRule('form token forged', 'only the worker can sign one'),
  tokenRule('form token expired', 'a page left open over 2 hours is reloaded before a person posts from it'),
  tokenRule('posted too fast', 'no person reads the form and fills its four fields within 3 seconds'),
  tokenRule(
    'form token replayed',
    'a served form carries one post; a person who writes again posts from a fresh form (the answer to the first post carries one)',
  ),
  tokenRule(
    'form token reused',
    'a person sends a form again after Back a time or two; a fourth post of one form is a script reusing it',
  ),
]

/** The names of the rules a post breaks, in SPAM_RULES order; empty for a clean post. */
export function spamReasons(post: PostEvidence): string[] {
  return SPAM_RULES.filter((rule) => rule.caught(post)).map((rule) => rule.name)
}
