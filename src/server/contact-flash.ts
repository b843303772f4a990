import type { Context } from 'hono'
import type { AppEnv } from '../env'

/** Result of a no-JavaScript contact post, shown once by the next home page render. */
export type { ContactFlash } from '../schemas/contact'
import type { ContactFlash } from '../schemas/contact'

/**
 * Reads (and asks to clear) the one-shot outcome of a native form post. Placeholder until the
 * contact pipeline lands.
 */
export function readContactFlash(_c: Context<AppEnv>): { flash?: ContactFlash; setCookie?: string } {
  return {}
}
