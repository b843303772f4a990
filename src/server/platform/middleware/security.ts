import { createMiddleware } from 'hono/factory'
import { NONCE, secureHeaders } from 'hono/secure-headers'
import type { AppEnv } from '../../app-env'
import { TURNSTILE_ORIGIN } from '../../../lib/endpoints'

/**
 * Security headers for every worker response. Scripts run only with this request's nonce
 * (React stamps it on every script it emits). Styles allow 'unsafe-inline' without a nonce
 * because sonner injects an un-nonced <style> (a nonce would make browsers ignore
 * 'unsafe-inline'). Static assets get the same policy from public/_headers.
 */
const siteHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: [NONCE, "'self'", "'strict-dynamic'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'", 'https:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  },
  strictTransportSecurity: 'max-age=63072000; includeSubDomains; preload',
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  crossOriginEmbedderPolicy: false,
  permissionsPolicy: {
    camera: [],
    microphone: [],
    geolocation: [],
    payment: [],
    usb: [],
  },
})

/**
 * The site's headers; no Referer from a page whose address is a secret (`noReferrer`); and on a
 * page that shows Turnstile's widget (the render sets
 * `challengeFrame`) a frame-src that lets in the challenge frame: only there, and only when
 * Turnstile is on. Its script needs nothing more, since the island that adds it carries the nonce
 * ('strict-dynamic').
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await siteHeaders(c, next)
  if (c.var.noReferrer) c.res.headers.set('Referrer-Policy', 'no-referrer')
  if (!c.var.challengeFrame) return
  const policy = c.res.headers.get('Content-Security-Policy')
  if (policy) c.res.headers.set('Content-Security-Policy', `${policy}; frame-src 'self' ${TURNSTILE_ORIGIN}`)
})
