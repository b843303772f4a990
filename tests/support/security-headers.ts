import { expect } from 'vitest'

/** The headers every response must carry, pages and static assets alike. */
export function expectBaselineSecurityHeaders(headers: Headers, what: string): void {
  const csp = headers.get('Content-Security-Policy') ?? ''
  expect(csp, `${what}: CSP`).toContain("object-src 'none'")
  expect(csp, `${what}: CSP`).toContain("base-uri 'none'")
  expect(csp, `${what}: CSP`).toContain("frame-ancestors 'none'")
  expect(scriptSrc(csp), `${what}: script-src`).not.toContain("'unsafe-inline'")
  expect(headers.get('Strict-Transport-Security') ?? '', `${what}: HSTS`).toMatch(/max-age=\d{8,}/)
  expect(headers.get('X-Content-Type-Options'), `${what}: nosniff`).toBe('nosniff')
  expect(headers.get('Referrer-Policy'), `${what}: Referrer-Policy`).toBe('strict-origin-when-cross-origin')
  expect(headers.get('Permissions-Policy') ?? '', `${what}: Permissions-Policy`).toContain('camera=()')
}

export function scriptSrc(csp: string): string {
  return /script-src([^;]*)/.exec(csp)?.[1] ?? ''
}

export function cspNonce(headers: Headers): string | undefined {
  return /'nonce-([^']+)'/.exec(headers.get('Content-Security-Policy') ?? '')?.[1]
}
