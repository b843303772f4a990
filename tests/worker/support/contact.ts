/** Contact posts through the worker's front door, and the lead records they leave. */
import { SELF } from 'cloudflare:test'
import { mintFormToken } from '../../../src/server/services/form-token'
import { env, ORIGIN, uniqueIpv4 } from './app'

/**
 * A good form token, as a page served 10 s before the tests began would carry: old enough for a
 * person to have filled the form, and good for the 2 hours any test run lasts.
 */
export const FORM_TOKEN = await mintFormToken(env.FORM_TOKEN_SECRET!, Date.now() - 10_000)

export interface PostOptions {
  ip?: string
  contentType?: string | null
  headers?: Record<string, string>
}

/** A same-origin browser post to /api/contact through the worker's front door. */
export function postContact(
  body: BodyInit,
  { ip = uniqueIpv4(), contentType = 'application/json', headers = {} }: PostOptions = {},
) {
  const allHeaders: Record<string, string> = {
    Origin: ORIGIN,
    'Sec-Fetch-Site': 'same-origin',
    'CF-Connecting-IP': ip,
    ...headers,
  }
  if (contentType) allHeaders['Content-Type'] = contentType
  return SELF.fetch(`${ORIGIN}/api/contact`, {
    method: 'POST',
    body,
    headers: allHeaders,
    redirect: 'manual',
  })
}

export function validContact(marker = crypto.randomUUID()) {
  return {
    name: `Ada Lovelace ${marker}`,
    email: 'ada@example.com',
    phone: '+44 20 7946 0958',
    inquiry: `We would like a 3D store for our boutique. (${marker})`,
    time: '22/11/2026, 10:15:00',
    formToken: FORM_TOKEN,
  }
}
