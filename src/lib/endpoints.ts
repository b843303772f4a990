/**
 * Which addresses the worker may call or serve plainly. Secrets travel to EmailJS, Firebase,
 * Google and webhooks, so those must be HTTPS; plain HTTP is allowed only to this machine, for
 * local stand-ins, emulators and `npm run preview`.
 */

/** Cloudflare Turnstile's origin: its script and challenge frame (the CSP lets it in), and its siteverify. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com'

/** 127.0.0.0/8, ::1 and localhost. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname)
}

/**
 * @example isSecureEndpoint('http://127.0.0.1:8080/') === true
 * @example isSecureEndpoint('http://api.example.com/') === false
 */
export function isSecureEndpoint(address: string): boolean {
  const url = URL.parse(address)
  if (!url) return false
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))
}

/**
 * The origin of a configured site address (SITE_ORIGIN), or undefined when none is set or it is
 * not an https origin (http only on this machine).
 *
 * @example siteOriginOf('https://www.example.com/') === 'https://www.example.com'
 */
export function siteOriginOf(address: string | undefined): string | undefined {
  const url = address?.trim() ? URL.parse(address.trim()) : null
  return url && isSecureEndpoint(url.href) ? url.origin : undefined
}
