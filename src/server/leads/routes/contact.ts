/**
 * POST /api/contact: the Schedule call form. JSON posts (the island) get JSON answers; native
 * form posts (no JavaScript) get a 303 back to the home page's contact section, with the
 * outcome in one-shot cookies. The rate limit answers a client that posts too often, before
 * anything is validated; zValidator answers every invalid submission; acceptSubmission hands the
 * facts of a valid one to the verdict service (leads/services/contact-verdict.ts) and files its decision with
 * the lead desk (stored and queued before anyone hears "sent"; delivery happens in the queue
 * consumer, leads/jobs/lead-delivery.ts). A post filed as spam gets exactly what a visitor gets.
 * A post that names a landing page with a campaign's form (issue 63) is checked against that page's
 * published form instead (leads/services/campaign-post.ts), behind the same guards.
 */
import { zValidator, type Hook } from '@hono/zod-validator'
import { Hono, type Context } from 'hono'
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
import * as campaignPost from '../services/campaign-post'
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
  const back = campaignForms.get(c.req.raw)?.page ?? RETURN_PATH
  return c.redirect(`${back}?contact=${flash.status}${SECTION}`, 303)
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

/** The campaign form of each post that names one, for its answer's way back (a native post returns to its page). */
const campaignForms = new WeakMap<Request, campaignPost.CampaignForm>()

const campaignFormOf = async (c: Ctx) =>
  campaignPost.campaignFormIn(
    async () => (await c.var.services.studio.content.current()).pages,
    await (isFormPost(c) ? c.req.parseBody({ all: true }) : c.req.json()).catch(() => undefined),
  )

/**
 * A post of a campaign's form, checked against its page's published definition: the name and
 * e-mail address by the spec's rules, each field by its own, and a field outside the form refused
 * by its name. A bot that fills the hidden field hears "sent", as on the spec's form.
 */
async function validateCampaign(c: Ctx, form: campaignPost.CampaignForm): Promise<Response> {
  campaignForms.set(c.req.raw, form)
  const input = await (isFormPost(c) ? c.req.parseBody({ all: true }) : c.req.json())
  const checked = campaignPost.checkCampaignPost(form, input)
  if ('data' in checked) return acceptSubmission(c, checked.data, form)
  if (!hiddenFieldFilled(input)) return reply(c, { status: 'invalid', values: keptValues(input), ...checked })
  log.warn('contact', 'invalid spam post dropped')
  return sent(c, crypto.randomUUID())
}

/** The validator for the body's encoding (a JSON validator would read a form body as `{}`). */
const validateSubmission = createMiddleware<AppEnv>(async (c, next) => {
  const form = await campaignFormOf(c)
  if (form) return validateCampaign(c, form)
  return isFormPost(c) ? validateForm(c, next) : validateJson(c, next)
})

type Validated = { out: { json: ContactRequest; form: ContactRequest } }

/** The spec's form's valid submission, as zValidator hands it on. */
const acceptSpecForm = (c: Context<AppEnv, string, Validated>) =>
  acceptSubmission(c, isFormPost(c) ? c.req.valid('form') : c.req.valid('json'))

/**
 * A valid submission: judged from its facts, then filed with the lead desk (stored, queued or
 * held). A campaign form's lead keeps its answers with their definitions; its phone and inquiry
 * are empty (the form asks what it asks).
 */
async function acceptSubmission(
  c: Ctx,
  submission: ContactRequest | campaignPost.CampaignRequest,
  form?: campaignPost.CampaignForm,
): Promise<Response> {
  const { name, email, time } = submission
  const localTime = time || localDateTime(new Date(), timeZoneOf(c), c.req.header('Accept-Language'))
  const { phone = '', inquiry = '' } = form ? {} : (submission as ContactRequest)
  const content = { name, email, phone, inquiry, localTime }
  const attribution = attributionOf(c)
  const sentForm = form && campaignPost.sentFormOf(form, submission, attribution)
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
    { content, ...(sentForm ? { form: sentForm } : {}), attribution, ...decision.verdict },
    waitUntilOf(c),
  )
  if (accepted.ok) {
    // A lead counts for the arms its visitor saw (spam is never credited; a lead marked spam later stops counting).
    if (accepted.value.status !== 'spam')
      await c.var.services.experiments.edge.credit(accepted.value.id, c.req.raw.headers, new URL(c.req.url))
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

export const contactApi = new Hono<AppEnv>()

contactApi.post(
  '/',
  sameOrigin,
  requireContactMediaType,
  limitBody,
  rateLimit,
  validateSubmission,
  acceptSpecForm,
)

contactApi.all('/', (c) => c.json({ error: 'Use POST.' }, 405, { Allow: 'POST' }))

/** Hono's validators throw HTTPException(400) for an unreadable body: answered here, not as a 500. */
contactApi.onError((error, c) => {
  if (!(error instanceof HTTPException) || error.status !== 400) throw error
  const message = isFormPost(c) ? 'The form data could not be read.' : 'The request body is not valid JSON.'
  return c.json({ error: message }, 400)
})
