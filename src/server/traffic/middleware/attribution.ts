/**
 * Where a lead came from, without a line of client JavaScript: when a visit starts from another
 * site or with utm_* parameters, a session cookie keeps the referring site and the campaign of
 * that landing (first touch); the contact post reads it back, with the path of the page the form
 * was posted from (its same-origin Referer).
 */
import type { Context } from 'hono'
import { generateCookie, getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import type { AppEnv } from '../../app-env'
import type { Attribution } from '../../../schemas/admin-records'

const COOKIE = 'landing'
const MAX = 200

const landingSchema = z.object({
  referrer: z.string().max(MAX).nullable(),
  source: z.string().max(MAX).nullable(),
  medium: z.string().max(MAX).nullable(),
  campaign: z.string().max(MAX).nullable(),
})

const isHttps = (c: Context) => new URL(c.req.url).protocol === 'https:'
const clip = (value: string | null | undefined) => (value ? value.slice(0, MAX) : null)

/** An absolute http(s) address on another origin than this request's, or null. */
function externalReferrer(c: Context): string | null {
  const referrer = URL.parse(c.req.header('Referer') ?? '')
  if (!referrer || !/^https?:$/.test(referrer.protocol)) return null
  return referrer.origin === new URL(c.req.url).origin ? null : clip(referrer.href)
}

/** On the page views of a visit's landing: keeps its referrer and campaign for the visit. */
export const rememberLanding = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  if (getCookie(c, COOKIE, isHttps(c) ? 'host' : undefined) !== undefined) return
  const params = new URL(c.req.url).searchParams
  const landing = {
    referrer: externalReferrer(c),
    source: clip(params.get('utm_source')),
    medium: clip(params.get('utm_medium')),
    campaign: clip(params.get('utm_campaign')),
  }
  if (!Object.values(landing).some(Boolean)) return
  const options = { path: '/', httpOnly: true, sameSite: 'Lax', secure: isHttps(c) } as const
  const cookie = generateCookie(COOKIE, encodeURIComponent(JSON.stringify(landing)), {
    ...options,
    ...(isHttps(c) ? { prefix: 'host' as const } : {}),
  })
  c.res.headers.append('Set-Cookie', cookie)
})

/** The attribution of a contact post: the page it came from and the visit's landing, if kept. */
export function attributionOf(c: Context<AppEnv>): Attribution {
  const referer = URL.parse(c.req.header('Referer') ?? '')
  const pagePath = referer && referer.origin === new URL(c.req.url).origin ? clip(referer.pathname) : null
  let landing: z.infer<typeof landingSchema> | undefined
  try {
    const raw = getCookie(c, COOKIE, isHttps(c) ? 'host' : undefined)
    landing = raw ? landingSchema.parse(JSON.parse(decodeURIComponent(raw))) : undefined
  } catch {
    landing = undefined // a cookie we did not write: no attribution rather than a wrong one
  }
  return {
    pagePath,
    referrer: landing?.referrer ?? null,
    utmSource: landing?.source ?? null,
    utmMedium: landing?.medium ?? null,
    utmCampaign: landing?.campaign ?? null,
  }
}
