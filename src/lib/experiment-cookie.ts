/**
 * The experiments' first-party cookie, when the site owner turns it on (issue 46): it holds only
 * each experiment's id and the version shown, `exp=<id>:<arm>,<id>:<arm>`, so a visitor keeps
 * their versions past the UTC day. Off (the default), nothing is stored in the browser.
 */

export const EXPERIMENT_COOKIE = 'exp'
/** 30 days: about as long as a test at this site's traffic runs. */
export const EXPERIMENT_COOKIE_DAYS = 30

/**
 * The versions a Cookie header remembers, by experiment id.
 *
 * @example rememberedArms('a=1; exp=ab12cd34:1,ef56:0') // Map { 'ab12cd34' => 1, 'ef56' => 0 }
 */
export function rememberedArms(header: string | null): Map<string, number> {
  const value = header && new RegExp(`(?:^|;\\s*)${EXPERIMENT_COOKIE}=([^;]*)`).exec(header)?.[1]
  const arms = new Map<string, number>()
  for (const pair of (value ?? '').split(',')) {
    const match = /^([\w-]{1,40}):(\d)$/.exec(pair)
    if (match) arms.set(match[1]!, Number(match[2]))
  }
  return arms
}

/** The cookie's value for these versions, in a stable order. */
export const cookieValue = (arms: readonly { id: string; arm: number }[]) =>
  arms
    .map(({ id, arm }) => `${id}:${arm}`)
    .sort()
    .join(',')

/** The Set-Cookie line for `value`: first-party, sent back to this site only, never read by a script. */
export const setCookieLine = (value: string) =>
  `${EXPERIMENT_COOKIE}=${value}; Path=/; Max-Age=${EXPERIMENT_COOKIE_DAYS * 86_400}; Secure; HttpOnly; SameSite=Lax`
