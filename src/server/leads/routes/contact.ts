/**
 * POST /api/contact: the Schedule call form. JSON posts (the island) get JSON answers; native
 * form posts (no JavaScript) get a 303 back to the home page's contact section, with the
 * outcome in one-shot cookies. The rate limit answers a client that posts too often, before
 * anything is validated; zValidator answers every invalid submission; acceptSubmission hands the
 * facts of a valid one to the verdict service (leads/services/contact-verdict.ts) and files its decision with
 * the lead desk (stored and queued before anyone hears "sent"; delivery happens in the queue
 * consumer, leads/jobs/lead-delivery.ts). A post filed as spam gets exactly what a visitor gets.
 */
import { zValidator, type Hook } from '@hono/zod-validator'
import { Hono, type Context, type ErrorHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import { localDateTime } from '../../../lib/local-time'
import { log } from '../../../lib/log'
import { CONTACT_SECTION_ID } from '../../../schemas/anchors'
import {
  contactFieldErrors,
  contactSchema,
  CONTACT_NOTICES,
  FORM_TOKEN_FIELD,
  keptValues,
  TURNSTILE_FIELD,
  type ContactErrors,
  type ContactFlash,
  type ContactRequest,
  type ContactValues,
} from '../../../schemas/contact'
import type { AppEnv } from '../../app-env'
import { attributionOf } from '../../traffic/http'
import { clientKeyOf, isRateLimited, sameOrigin } from '../../platform/http'
import { flashCookies } from '../render/contact-flash'
import { hiddenFieldFilled } from '../services/spam-rules'
import { waitUntilOf } from '../../platform'

export const CONTACT_BODY_LIMIT = 16 * 1024
export const RATE_LIMIT_MESSAGE =
  'Too many messages from your connection. Please wait a minute and try again.'
const NOT_ACCEPTED_MESSAGE = 'Your message could not be accepted right now. Please try again.'
const RATE_LIMIT_PERIOD_SECONDS = 60
const RETURN_PATH = '/'
const SECTION = `#${CONTACT_SECTION_ID}`

type Ctx = Context<AppEnv>

const mediaType = (c: Ctx) => (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
const isFormPost = (c: Ctx) => mediaType(c) === 'application/x-www-form-urlencoded'

/** The form's own encodings only: anything else gets 415 before the body is read. */
const requireContactMediaType = createMiddleware<AppEnv>(async (c, next) => {
  if (mediaType(c) === 'application/json' || isFormPost(c)) return next()
  return c.json({ error: 'Send the request as application/json or application/x-www-form-urlencoded.' }, 415)
})

const limitBody = bodyLimit({
  maxSize: CONTACT_BODY_LIMIT,
  onError: (c) => c.json({ error: `The request body is larger than ${CONTACT_BODY_LIMIT / 1024} KB.` }, 413),
})

/** Every way a submission ends, answered as JSON for the island or as a 303 with a flash for a form. */
type Reply =
  | { status: 'sent'; id: string; formToken: string; test?: true }
  | { status: 'invalid'; values: ContactValues; errors: ContactErrors }
  | { status: 'limited'; values: ContactValues }
  | { status: 'error'; values: ContactValues }

async function reply(c: Ctx, answer: Reply): Promise<Response> {
  if (isFormPost(c)) return redirectWithFlash(c, flashOf(answer))
  switch (answer.status) {
    case 'sent':
      // The token of the next form: the island's next post carries it (each token carries one post).
      // `test`: sent from a preview or share link, kept as a test and never e-mailed (the form says so).
      return c.json(
        { ok: true, id: answer.id, formToken: answer.formToken, ...(answer.test ? { test: true } : {}) },
        202,
      )
    case 'invalid':
      return c.json({ errors: answer.errors }, 400)
    case 'limited':
      return c.json({ error: RATE_LIMIT_MESSAGE }, 429, { 'Retry-After': String(RATE_LIMIT_PERIOD_SECONDS) })
    case 'error':
      return c.json({ error: NOT_ACCEPTED_MESSAGE }, 503, { 'Retry-After': '30' })
  }
}

function flashOf(answer: Reply): ContactFlash {
  switch (answer.status) {
    case 'sent':
      return answer.test ? { status: 'sent', test: true } : { status: 'sent' }
    case 'invalid':
      return { status: 'invalid', values: answer.values, errors: answer.errors }
    case 'limited':
      return { status: 'error', values: answer.values, message: RATE_LIMIT_MESSAGE }
    case 'error':
      return { status: 'error', values: answer.values, message: CONTACT_NOTICES.error }
  }
}

/**
 * A native post returns to the contact section. The outcome travels in the flash cookies (whose
 * reading keeps that render out of the page cache); `contact=` only names it in the address bar.
 */
async function redirectWithFlash(c: Ctx, flash: ContactFlash): Promise<Response> {
  for (const cookie of await flashCookies(c, flash)) c.header('Set-Cookie', cookie, { append: true })
  c.header('Cache-Control', 'no-store')
  return c.redirect(`${RETURN_PATH}?contact=${flash.status}${SECTION}`, 303)
}

/**
 * The rate limit, once, before validation: a client over it is told to wait, whatever it sent
 * (a valid post counts even when it is spam: it would be stored). A body that cannot be read
 * goes on, uncounted, to the validator's 400.
 */
const rateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const input = await (isFormPost(c) ? c.req.parseBody({ all: true }) : c.req.json()).catch(() => undefined)
  if (input === undefined || !(await isRateLimited(c.env.CONTACT_LIMITER, clientKeyOf(c)))) return next()
  log.warn('contact', 'client reached the rate limit', { client: clientKeyOf(c) })
  return reply(c, { status: 'limited', values: keptValues(input) })
})

/**
 * "Sent", as every sender hears it (a person, or a bot the rules caught), with a fresh token. A
 * test from a draft view (`draftView`, which only a genuine token says) is told it was kept as a
 * test, and its next token is a draft view's too.
 */
async function sent(c: Ctx, id: string, draftView = false): Promise<Response> {
  const formToken = await c.var.services.leads.formTokens.mint(Date.now(), { draftView })
  return reply(c, { status: 'sent', id, formToken, ...(draftView ? { test: true as const } : {}) })
}

/** zValidator's hook: answers an invalid submission with its field errors; a valid one goes on. */
type Schema = typeof contactSchema

const answerInvalid: Hook<ContactRequest, AppEnv, string, 'json' | 'form', object, Schema> = async (
  result,
  c,
) => {
  if (result.success) return
  const errors = contactFieldErrors(result.error)
  // Not an object at all (`null`, `[]`): answer as if every field were missing.
  if (Object.keys(errors).length === 0)
    Object.assign(errors, contactFieldErrors(contactSchema.safeParse({}).error!))
  // A bot that fills the hidden field hears "sent" even when the rest is invalid; there is
  // nothing valid to keep, so nothing is stored.
  if (hiddenFieldFilled(result.data)) {
    log.warn('contact', 'invalid spam post dropped')
    return sent(c, crypto.randomUUID())
  }
  return reply(c, { status: 'invalid', values: keptValues(result.data), errors })
}

const validateJson = zValidator<Schema, 'json', AppEnv, string, typeof answerInvalid>(
  'json',
  contactSchema,
  answerInvalid,
)
const validateForm = zValidator<Schema, 'form', AppEnv, string, typeof answerInvalid>(
  'form',
  contactSchema,
  answerInvalid,
)

/** The validator for the body's encoding (a JSON validator would read a form body as `{}`). */
const validateSubmission = createMiddleware<AppEnv>((c, next) =>
  isFormPost(c) ? validateForm(c, next) : validateJson(c, next),
)

type Validated = { out: { json: ContactRequest; form: ContactRequest } }

/**
 * What else a filed lead counts for (the arms of the experiments its visitor saw): the site passes
 * it in when it mounts the contact API; the leads wing knows no experiment.
 */
export type CreditLead = (c: Context<AppEnv>, leadId: string) => Promise<void>

/** A valid submission: judged from its facts, then filed with the lead desk (stored, queued or held). */
async function acceptSubmission(
  c: Context<AppEnv, string, Validated>,
  credit: CreditLead,
): Promise<Response> {
  const submission = isFormPost(c) ? c.req.valid('form') : c.req.valid('json')
  const { name, email, phone, inquiry, time } = submission
  const localTime = time || localDateTime(new Date(), timeZoneOf(c), c.req.header('Accept-Language'))
  const content = { name, email, phone, inquiry, localTime }
  const { verdicts, desk: leads } = c.var.services.leads
  const facts = {
    fields: submission as Record<string, unknown>,
    formToken: submission[FORM_TOKEN_FIELD],
    turnstileToken: submission[TURNSTILE_FIELD],
    client: clientKeyOf(c),
    challenge: {
      viaForm: isFormPost(c),
      hostname: new URL(c.req.url).hostname,
      remoteIp: c.req.header('CF-Connecting-IP'),
    },
  }
  const decision = await verdicts.decide(facts)
  const accepted = await leads.accept(
    { content, attribution: attributionOf(c), ...decision.verdict },
    waitUntilOf(c),
  )
  if (accepted.ok) {
    // A lead counts for the arms its visitor saw (spam is never credited; a lead marked spam later stops counting).
    if (accepted.value.status !== 'spam') await credit(c, accepted.value.id)
    return sent(c, accepted.value.id, decision.draftView)
  }
  await verdicts.undo(decision)
  return reply(c, { status: 'error', values: keptValues(submission) })
}

/** The visitor's time zone as Cloudflare's edge sees it (an IANA name), when it is known. */
function timeZoneOf(c: Ctx): string | undefined {
  const zone = (c.req.raw.cf as { timezone?: unknown } | undefined)?.timezone
  return typeof zone === 'string' && zone ? zone : undefined
}

/** Hono's validators throw HTTPException(400) for an unreadable body: answered here, not as a 500. */
const answerUnreadable: ErrorHandler<AppEnv> = (error, c) => {
  if (!(error instanceof HTTPException) || error.status !== 400) throw error
  const message = isFormPost(c) ? 'The form data could not be read.' : 'The request body is not valid JSON.'
  return c.json({ error: message }, 400)
}

/** The contact API, crediting each lead with `credit`. */
export function contactApi(credit: CreditLead): Hono<AppEnv> {
  const api = new Hono<AppEnv>()
  api.post(
    '/',
    sameOrigin,
    requireContactMediaType,
    limitBody,
    rateLimit,
    validateSubmission,
    (c: Context<AppEnv, string, Validated>) => acceptSubmission(c, credit),
  )
  api.all('/', (c) => c.json({ error: 'Use POST.' }, 405, { Allow: 'POST' }))
  api.onError(answerUnreadable)
  return api
}
