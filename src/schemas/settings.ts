import { z } from 'zod'

/** Longest viewer address we store: what browsers and CDNs reliably carry in a link. */
export const VIEWER_URL_MAX_LENGTH = 2048

/** Database path of the viewer address (spec section 9). */
export const VIEWER_URL_PATH = 'settings/view3dUrl'

/**
 * Why `value` cannot be the 3D viewer address, or null when it can. Only absolute http(s) URLs
 * pass (OWASP ASVS 1.2.2: `javascript:` or `data:` in a link would run in our origin).
 *
 * @example viewerUrlProblem('javascript:alert(1)') // 'The 3D viewer URL must start with https:// or http://.'
 */
export function viewerUrlProblem(value: string): string | null {
  if (value.trim() === '') return 'The 3D viewer URL is required.'
  if (value.length > VIEWER_URL_MAX_LENGTH) {
    return `The 3D viewer URL must be at most ${VIEWER_URL_MAX_LENGTH} characters.`
  }
  // URL parsing silently drops tabs and newlines, so refuse them before they can hide anything.
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(value.trim())) {
    return 'The 3D viewer URL must not contain spaces or control characters.'
  }
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return 'The 3D viewer URL must be an absolute address such as https://viewer.example.com/.'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return 'The 3D viewer URL must start with https:// or http://.'
  }
  if (url.username || url.password) return 'The 3D viewer URL must not contain a user name or password.'
  if (!url.hostname) return 'The 3D viewer URL must name a host.'
  return null
}

/** One viewer address: trimmed, then checked by viewerUrlProblem. */
export const viewerUrlSchema = z
  .string({ error: 'The 3D viewer URL is required.' })
  .trim()
  .superRefine((value, ctx) => {
    const problem = viewerUrlProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

/** Body of PUT /api/settings and of the /update form post. */
export const settingsUpdateSchema = z.object(
  { view3dUrl: viewerUrlSchema },
  { error: 'Send a JSON object such as {"view3dUrl": "https://viewer.example.com/"}.' },
)

/** Outcome of a no-JavaScript save on /update, carried in `?status=` after the redirect. */
export const updateStatusSchema = z.enum(['updated', 'failed', 'invalid'])

export type UpdateStatus = z.infer<typeof updateStatusSchema>
