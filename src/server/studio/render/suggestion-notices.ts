/** The translation editor's notices after a suggestion (docs/locales.md, "Suggestions"), with their numbers. */
import type { Context } from 'hono'
import { adminCopy } from '../../../content/admin'
import { fillTemplate } from '../../../lib/template'
import type { AdminNotice } from '../../../schemas/admin-words'

const copy = adminCopy.suggestions

/** The notices a suggestion redirects with, their numbers (digits only) read from the address. */
export function suggestionNotices(c: Context): Record<string, AdminNotice> {
  const number = (name: string) => /^\d{1,9}$/.exec(c.req.query(name) ?? '')?.[0]
  const tokens = number('tokens')
  const words = {
    count: number('count') ?? '0',
    asked: number('asked') ?? '0',
    cost: tokens ? fillTemplate(copy.tokens, { tokens }) : copy.noTokens,
  }
  return Object.fromEntries(
    Object.entries(copy.notices).map(([key, notice]) => [
      key,
      { ...notice, text: fillTemplate(notice.text, words) },
    ]),
  )
}
