/**
 * POST /api/contact: the Schedule call form. JSON posts (the island) get JSON answers; native
 * form posts (no JavaScript) get a 303 back to the home page's contact section, with the
 * outcome in one-shot cookies. A valid request is stored and queued before anyone hears "sent"
 * (services/lead-intake.ts); delivery happens in the queue consumer (jobs/lead-delivery.ts).
 */
import { zValidator, type Hook } from '@hono/zod-validator'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv } from '../../env'
import { CONTACT_SECTION_ID } from '../../schemas/anchors'
import {
  contactFieldErrors,
  contactSchema,
  CONTACT_NOTICES,
  HONEYPOT_FIELD,
  keptValues,
  type ContactFlash,
  type ContactRequest,
} from '../../schemas/contact'
import { flashCookies } from '../render/contact-flash'
import { checkRateLimit, clientKeyOf } from '../middleware/rate-limit'
import { sameOrigin } from '../middleware/same-origin'
import { localDateTime } from '../../lib/local-time'
import { log } from '../../lib/log'
import { attributionOf } from '../middleware/attribution'
import { acceptLead } from '../services/lead-intake'
import { waitUntilOf } from '../wait-until'

export const CONTACT_BODY_LIMIT = 16 * 1024
export const RATE_LIMIT_MESSAGE =
  'Too many messages from your connection. Please wait a minute and try again.'
const NOT_ACCEPTED_MESSAGE = 'Your message could not be accepted right now. Please try again.'
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

/**
 * A native post returns to the contact section. The outcome travels in the flash cookies (whose
 * reading keeps that render out of the page cache); `contact=` only names it in the address bar.
 */
async function redirectWithFlash(c: Ctx, flash: ContactFlash): Promise<Response> {
  for (const cookie of await flashCookies(c, flash)) c.header('Set-Cookie', cookie, { append: true })
  c.header('Cache-Control', 'no-store')
  return c.redirect(`${RETURN_PATH}?contact=${flash.status}${SECTION}`, 303)
}

const honeypotFilled = (input: unknown) => {
  const value = (input as Record<string, unknown> | null)?.[HONEYPOT_FIELD]
  return value !== undefined && value !== null && value !== ''
}

/**
 * The validator's hook answers every submission, valid or not, so the JSON and the form
 * variants share one path: honeypot, rate limit, field errors, then storing and queueing.
 */
const answerSubmission: Hook<
  ContactRequest,
  AppEnv,
  string,
  'json' | 'form',
  object,
  typeof contactSchema
> = async (result, c) => {
  const form = isFormPost(c)
  const values = keptValues(result.data)

  if (honeypotFilled(result.data)) {
    log.warn('contact', 'honeypot field filled, request dropped')
    return form
      ? redirectWithFlash(c, { status: 'sent' })
      : c.json({ ok: true, id: crypto.randomUUID() }, 202)
  }

  const limited = await checkRateLimit(c, c.env.CONTACT_LIMITER, clientKeyOf(c), RATE_LIMIT_MESSAGE)
  if (limited) {
    log.warn('contact', `client ${clientKeyOf(c)} reached the rate limit`)
    return form ? redirectWithFlash(c, { status: 'error', values, message: RATE_LIMIT_MESSAGE }) : limited
  }

  if (!result.success) {
    const errors = contactFieldErrors(result.error)
    // Not an object at all (`null`, `[]`): answer as if every field were missing.
    if (Object.keys(errors).length === 0)
      Object.assign(errors, contactFieldErrors(contactSchema.safeParse({}).error!))
    return form ? redirectWithFlash(c, { status: 'invalid', values, errors }) : c.json({ errors }, 400)
  }

  const { name, email, phone, inquiry, time } = result.data
  const localTime = time || localDateTime(new Date(), timeZoneOf(c), c.req.header('Accept-Language'))
  const content = { name, email, phone, inquiry, localTime }
  const accepted = await acceptLead(c.env, { content, attribution: attributionOf(c) }, waitUntilOf(c))
  if (!accepted.ok) {
    return form
      ? redirectWithFlash(c, { status: 'error', values, message: CONTACT_NOTICES.error })
      : c.json({ error: NOT_ACCEPTED_MESSAGE }, 503, { 'Retry-After': '30' })
  }
  return form ? redirectWithFlash(c, { status: 'sent' }) : c.json({ ok: true, id: accepted.value.id }, 202)
}

/** The visitor's time zone as Cloudflare's edge sees it (an IANA name), when it is known. */
function timeZoneOf(c: Ctx): string | undefined {
  const zone = (c.req.raw.cf as { timezone?: unknown } | undefined)?.timezone
  return typeof zone === 'string' && zone ? zone : undefined
}

type Schema = typeof contactSchema
const validateJson = zValidator<Schema, 'json', AppEnv, string, typeof answerSubmission>(
  'json',
  contactSchema,
  answerSubmission,
)
const validateForm = zValidator<Schema, 'form', AppEnv, string, typeof answerSubmission>(
  'form',
  contactSchema,
  answerSubmission,
)

/** Hono's validators throw HTTPException(400) for an unreadable body; answer it here, not as a 500. */
const validateSubmission = createMiddleware<AppEnv>(async (c, next) => {
  try {
    const response = await (isFormPost(c) ? validateForm(c, next) : validateJson(c, next))
    return response ?? c.json({ error: NOT_ACCEPTED_MESSAGE }, 500)
  } catch (error) {
    if (!(error instanceof HTTPException) || error.status !== 400) throw error
    const message = isFormPost(c) ? 'The form data could not be read.' : 'The request body is not valid JSON.'
    return c.json({ error: message }, 400)
  }
})

export const contactApi = new Hono<AppEnv>()

contactApi.post('/', sameOrigin, requireContactMediaType, limitBody, validateSubmission)

contactApi.all('/', (c) => c.json({ error: 'Use POST.' }, 405, { Allow: 'POST' }))
