/**
 * POST /api/contact: the Schedule call form. JSON posts (the island) get JSON answers; native
 * form posts (no JavaScript) get a 303 back to the home page's contact section, with the
 * outcome in one-shot cookies. The rate limit answers a client that posts too often, before
 * anything is validated; zValidator answers every invalid submission; acceptSubmission hands the
 * facts of a valid one to the verdict service (leads/services/contact-verdict.ts) and files its decision with
 * the lead desk (stored and queued before anyone hears "sent"; delivery happens in the queue
 * consumer, leads/jobs/lead-delivery.ts). A post filed as spam gets exactly what a visitor gets.
 * A post that names a landing page with a campaign's form (issue 63) is checked against that page's
 * published form instead (leads/services/campaign-post.ts), behind the same guards. A post from a
 * page in another locale names it (a hidden value, checked against the registry): its messages,
 * its answers' words and the page a native post returns to are that locale's, and the lead keeps it.
 */
import { zValidator, type Hook } from '@hono/zod-validator'
import { Hono, type Context, type ErrorHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import { localDateTime } from '../../../lib/local-time'
import { DEFAULT_LOCALE } from '../../../lib/locales'
import { log } from '../../../lib/log'
import {
  CONTACT_MESSAGES,
  contactFieldErrors,
  contactSchema,
  contactSchemaIn,
  FORM_TOKEN_FIELD,
  keptValues,
  TURNSTILE_FIELD,
  type ContactMessages,
  type ContactRequest,
  type ContactWords,
} from '../../../schemas/contact'
import { keptAnswers } from '../../../schemas/campaign-form-fields'
import type { ComposedPage } from '../../../schemas/composed-pages'
import type { AppEnv } from '../../app-env'
import { attributionOf } from '../../traffic/http'
import { clientKeyOf, isRateLimited, sameOrigin } from '../../platform/http'
import { isFormPost, mediaType, reply, returnTo, thanksTo } from '../render/contact-reply'
import { postedLocale, postLocaleOf, setPostLocale } from '../render/contact-locale'
import * as campaignPost from '../services/campaign-post'
import { hiddenFieldFilled } from '../services/spam-rules'
import { waitUntilOf } from '../../platform'

export const CONTACT_BODY_LIMIT = 16 * 1024
export { RATE_LIMIT_MESSAGE } from '../render/contact-reply'

type Ctx = Context<AppEnv>

/** The form's own encodings only: anything else gets 415 before the body is read. */
const requireContactMediaType = createMiddleware<AppEnv>(async (c, next) => {
  if (mediaType(c) === 'application/json' || isFormPost(c)) return next()
  return c.json({ error: 'Send the request as application/json or application/x-www-form-urlencoded.' }, 415)
})

const limitBody = bodyLimit({
  maxSize: CONTACT_BODY_LIMIT,
  onError: (c) => c.json({ error: `The request body is larger than ${CONTACT_BODY_LIMIT / 1024} KB.` }, 413),
})

/** The post's fields, or undefined when the body cannot be read (the validator answers it). */
const bodyOf = (c: Ctx): Promise<unknown> =>
  (isFormPost(c) ? c.req.parseBody({ all: true }) : c.req.json()).catch(() => undefined)

/**
 * The locale the post was sent in (its page's, a checked hidden value), with its words, before
 * anything is answered: the rate limit's words, the messages and the page a native post returns to
 * are that locale's.
 */
const readLocale = (site: ContactSite) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const code = postedLocale(await bodyOf(c))
    const words = code === DEFAULT_LOCALE ? undefined : await site.words(code)
    setPostLocale(c, { code, ...(words ? { words } : {}) })
    return next()
  })

/**
 * The rate limit, once, before validation: a client over it is told to wait, whatever it sent
 * (a valid post counts even when it is spam: it would be stored). A body that cannot be read
 * goes on, uncounted, to the validator's 400.
 */
const rateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const input = await bodyOf(c)
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

/** The schema with the messages of the post's locale. */
const schemaOf = (c: Ctx) => validatorsOf(postLocaleOf(c).words?.messages ?? CONTACT_MESSAGES).schema

const answerInvalid: Hook<ContactRequest, AppEnv, string, 'json' | 'form', object, Schema> = async (
  result,
  c,
) => {
  if (result.success) return
  const errors = contactFieldErrors(result.error)
  // Not an object at all (`null`, `[]`): answer as if every field were missing.
  if (Object.keys(errors).length === 0)
    Object.assign(errors, contactFieldErrors(schemaOf(c).safeParse({}).error!))
  // A bot that fills the hidden field hears "sent" even when the rest is invalid; there is
  // nothing valid to keep, so nothing is stored.
  if (hiddenFieldFilled(result.data)) {
    log.warn('contact', 'invalid spam post dropped')
    return sent(c, crypto.randomUUID())
  }
  return reply(c, { status: 'invalid', values: keptValues(result.data), errors })
}

/** A locale's schema and its two validators, made once per isolate and messages table. */
const validators = new WeakMap<ContactMessages, ReturnType<typeof validatorsFor>>()

function validatorsFor(schema: Schema) {
  return {
    schema,
    json: zValidator<Schema, 'json', AppEnv, string, typeof answerInvalid>('json', schema, answerInvalid),
    form: zValidator<Schema, 'form', AppEnv, string, typeof answerInvalid>('form', schema, answerInvalid),
  }
}

function validatorsOf(messages: ContactMessages) {
  let made = validators.get(messages)
  if (!made)
    validators.set(
      messages,
      (made = validatorsFor(messages === CONTACT_MESSAGES ? contactSchema : contactSchemaIn(messages))),
    )
  return made
}

/** The form of the page a post names: its edition in the post's locale, else (a page in English only) the English. */
const campaignFormOf = async (c: Ctx, site: ContactSite) => {
  const { code } = postLocaleOf(c)
  const input = await bodyOf(c)
  const inLocale =
    code === DEFAULT_LOCALE
      ? undefined
      : await campaignPost.campaignFormIn(() => site.pages(c, code), input, code)
  return inLocale ?? campaignPost.campaignFormIn(() => site.pages(c, DEFAULT_LOCALE), input)
}

/**
 * A post of a campaign's form, checked against its page's published definition: the name and
 * e-mail address by the spec's rules, each field by its own, and a field outside the form refused
 * by its name. A bot that fills the hidden field hears "sent", as on the spec's form.
 */
async function validateCampaign(
  c: Ctx,
  form: campaignPost.CampaignForm,
  site: ContactSite,
): Promise<Response> {
  returnTo(c, form.page)
  if (form.thanks) thanksTo(c, form.thanks)
  const input = await bodyOf(c)
  const { words } = postLocaleOf(c)
  const checked = campaignPost.checkCampaignPost(form, input, words?.messages, words?.fieldMessages)
  if ('data' in checked) return acceptSubmission(c, site, checked.data, form)
  if (!hiddenFieldFilled(input)) {
    const answers = keptAnswers(form.fields, input)
    return reply(c, { status: 'invalid', values: keptValues(input), ...checked, answers })
  }
  log.warn('contact', 'invalid spam post dropped')
  return sent(c, crypto.randomUUID())
}

/** The validator for the body's encoding (a JSON validator would read a form body as `{}`). */
const validateSubmission = (site: ContactSite) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const form = await campaignFormOf(c, site)
    if (form) return validateCampaign(c, form, site)
    const validate = validatorsOf(postLocaleOf(c).words?.messages ?? CONTACT_MESSAGES)
    return isFormPost(c) ? validate.form(c, next) : validate.json(c, next)
  })

type Validated = { out: { json: ContactRequest; form: ContactRequest } }

/**
 * What the site hands the contact API when it mounts it (the leads wing knows no experiment and no
 * studio): what else a filed lead counts for (the arms its visitor saw), and the published landing
 * pages a campaign's form is read from.
 */
export interface ContactSite {
  credit: (c: Context<AppEnv>, leadId: string) => Promise<void>
  /** In a locale (`de`): that locale's editions of the pages, whose forms ask in its words. */
  pages: (c: Context<AppEnv>, locale: string) => Promise<readonly ComposedPage[]>
  /** The form's words in a locale of the registry; none where it has none (the spec's English). */
  words: (locale: string) => Promise<ContactWords | undefined>
}

/** The spec's form's valid submission, as zValidator hands it on. */
const acceptSpecForm = (c: Context<AppEnv, string, Validated>, site: ContactSite) =>
  acceptSubmission(c, site, isFormPost(c) ? c.req.valid('form') : c.req.valid('json'))

/**
 * A valid submission: judged from its facts, then filed with the lead desk (stored, queued or
 * held). A campaign form's lead keeps its answers with their definitions; its phone and inquiry
 * are empty (the form asks what it asks).
 */
async function acceptSubmission(
  c: Ctx,
  site: ContactSite,
  submission: ContactRequest | campaignPost.CampaignRequest,
  form?: campaignPost.CampaignForm,
): Promise<Response> {
  const { name, email, time } = submission
  const localTime = time || localDateTime(new Date(), timeZoneOf(c), c.req.header('Accept-Language'))
  const { phone = '', inquiry = '' } = form ? {} : (submission as ContactRequest)
  const content = { name, email, phone, inquiry, localTime }
  const attribution = attributionOf(c)
  const { code: locale } = postLocaleOf(c)
  const sentForm = form && campaignPost.sentFormOf(form, submission, attribution, locale)
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
    { content, ...(sentForm ? { form: sentForm } : {}), attribution, locale, ...decision.verdict },
    waitUntilOf(c),
  )
  if (accepted.ok) {
    // A lead counts for the arms its visitor saw (spam is never credited; a lead marked spam later stops counting).
    if (accepted.value.status !== 'spam') await site.credit(c, accepted.value.id)
    return sent(c, accepted.value.id, decision.draftView)
  }
  await verdicts.undo(decision)
  const answers = form && keptAnswers(form.fields, submission)
  return reply(c, { status: 'error', values: keptValues(submission), ...(answers ? { answers } : {}) })
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

/** The contact API, as the site mounts it. */
export function contactApi(site: ContactSite): Hono<AppEnv> {
  const api = new Hono<AppEnv>()
  api.post(
    '/',
    sameOrigin,
    requireContactMediaType,
    limitBody,
    readLocale(site),
    rateLimit,
    validateSubmission(site),
    (c: Context<AppEnv, string, Validated>) => acceptSpecForm(c, site),
  )
  api.all('/', (c) => c.json({ error: 'Use POST.' }, 405, { Allow: 'POST' }))
  api.onError(answerUnreadable)
  return api
}
