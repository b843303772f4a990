/**
 * The home page's contact form as the tools meet it: its token, read from the page a visitor
 * loads, and the wait a person's reading and typing takes before the server takes a post as theirs
 * (src/server/leads/services/form-token.ts).
 */
import { FORM_TOKEN_MIN_AGE_MS, servedAtOf } from '../../src/server/leads/services/form-token.ts'

/**
 * Loads `/` and returns its form token and when it was served.
 * @param {string} base
 * @param {Record<string, string>} [headers]
 */
export async function loadForm(base, headers = {}) {
  const html = await (await fetch(base + '/', { headers })).text()
  const token = /name="formToken" value="([^"]+)"/.exec(html)?.[1]
  if (!token) throw new Error('the home page carries no form token')
  return { token, servedAt: servedAtOf(token) }
}

/**
 * Resolves once a form served at `servedAt` may be posted by a person, plus `extraMs`.
 * @param {number} servedAt
 * @param {number} [extraMs]
 */
export async function untilPostable(servedAt, extraMs = 0) {
  const ready = servedAt + FORM_TOKEN_MIN_AGE_MS + 100 + extraMs
  while (Date.now() < ready) await new Promise((resolve) => setTimeout(resolve, 100))
}
