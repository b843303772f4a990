/**
 * How /api/contact answers: JSON for the island, or a 303 back to the form's page with the outcome
 * in one-shot flash cookies for a native post.
 */
import type { Context } from 'hono'
import { CONTACT_SECTION_ID } from '../../../schemas/anchors'
import {
  CONTACT_NOTICES,
  type ContactErrors,
  type ContactFlash,
  type ContactValues,
  type ContactWords,
} from '../../../schemas/contact'
import type { CampaignAnswers } from '../../../schemas/campaign-form-fields'
import { localePath } from '../../../lib/locales'
import type { AppEnv } from '../../app-env'
import { flashCookies } from './contact-flash'
import { postLocaleOf } from './contact-locale'

export const RATE_LIMIT_MESSAGE =
  'Too many messages from your connection. Please wait a minute and try again.'
const NOT_ACCEPTED_MESSAGE = 'Your message could not be accepted right now. Please try again.'
const RATE_LIMIT_PERIOD_SECONDS = 60
const RETURN_PATH = '/'
const SECTION = `#${CONTACT_SECTION_ID}`

type Ctx = Context<AppEnv>

export const mediaType = (c: Ctx) => (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
export const isFormPost = (c: Ctx) => mediaType(c) === 'application/x-www-form-urlencoded'

/** The page a native post of a campaign's form returns to (the spec's form returns home). */
const returnPages = new WeakMap<Request, string>()
export const returnTo = (c: Ctx, page: string) => void returnPages.set(c.req.raw, page)
/** The thank-you page a campaign's form lands on once sent (issue 63), if it names one. */
const thanksPages = new WeakMap<Request, string>()
export const thanksTo = (c: Ctx, page: string) => void thanksPages.set(c.req.raw, page)

/** Every way a submission ends, answered as JSON for the island or as a 303 with a flash for a form. */
export type Reply =
  | { status: 'sent'; id: string; formToken: string; test?: true }
  | { status: 'invalid'; values: ContactValues; errors: ContactErrors; answers?: CampaignAnswers }
  | { status: 'limited'; values: ContactValues; answers?: CampaignAnswers }
  | { status: 'error'; values: ContactValues; answers?: CampaignAnswers }

export async function reply(c: Ctx, answer: Reply): Promise<Response> {
  const thanks = answer.status === 'sent' ? thanksPages.get(c.req.raw) : undefined
  if (isFormPost(c)) {
    if (!thanks) return redirectWithFlash(c, flashOf(answer, postLocaleOf(c).words))
    c.header('Cache-Control', 'no-store')
    return c.redirect(thanks, 303)
  }
  switch (answer.status) {
    case 'sent':
      // The token of the next form: the island's next post carries it (each token carries one post).
      // `test`: sent from a preview or share link, kept as a test and never e-mailed (the form says so).
      // `next`: a campaign form's thank-you page, where the island takes the visitor.
      return c.json(
        {
          ok: true,
          id: answer.id,
          formToken: answer.formToken,
          ...(answer.test ? { test: true } : {}),
          ...(thanks ? { next: thanks } : {}),
        },
        202,
      )
    case 'invalid':
      return c.json({ errors: answer.errors }, 400)
    case 'limited':
      return c.json({ error: rateLimitWords(c) }, 429, { 'Retry-After': String(RATE_LIMIT_PERIOD_SECONDS) })
    case 'error':
      return c.json({ error: NOT_ACCEPTED_MESSAGE }, 503, { 'Retry-After': '30' })
  }
}

/** A campaign form's answers travel with its flash (the spec's form has none: its flash is as before). */
const withAnswers = (answers: CampaignAnswers | undefined) => (answers ? { answers } : {})

/** What a post over the rate limit reads, in its locale. */
const rateLimitWords = (c: Ctx) => postLocaleOf(c).words?.rateLimit ?? RATE_LIMIT_MESSAGE

function flashOf(answer: Reply, words?: ContactWords): ContactFlash {
  switch (answer.status) {
    case 'sent':
      return answer.test ? { status: 'sent', test: true } : { status: 'sent' }
    case 'invalid':
      return {
        status: 'invalid',
        values: answer.values,
        errors: answer.errors,
        ...withAnswers(answer.answers),
      }
    case 'limited':
      return {
        status: 'error',
        values: answer.values,
        message: words?.rateLimit ?? RATE_LIMIT_MESSAGE,
        ...withAnswers(answer.answers),
      }
    case 'error':
      return {
        status: 'error',
        values: answer.values,
        message: (words?.notices ?? CONTACT_NOTICES).error,
        ...withAnswers(answer.answers),
      }
  }
}

/**
 * A native post returns to the contact section. The outcome travels in the flash cookies (whose
 * reading keeps that render out of the page cache); `contact=` only names it in the address bar.
 */
async function redirectWithFlash(c: Ctx, flash: ContactFlash): Promise<Response> {
  for (const cookie of await flashCookies(c, flash)) c.header('Set-Cookie', cookie, { append: true })
  c.header('Cache-Control', 'no-store')
  const back = returnPages.get(c.req.raw) ?? localePath(postLocaleOf(c).code, RETURN_PATH)
  return c.redirect(`${back}?contact=${flash.status}${SECTION}`, 303)
}
