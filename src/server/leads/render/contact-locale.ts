/**
 * The locale a contact post was sent in (issue 61 item 8): the form on a page in another locale
 * than the default's posts it as a hidden value (LOCALE_FIELD), which is checked against the
 * registry (lib/locales.ts) here; anything else, or none, is the default's. The lead records it,
 * the schema's messages and the answer's words are that locale's, and a native post returns to
 * that locale's page. Kept per request, as the return page is (./contact-reply.ts).
 */
import type { Context } from 'hono'
import { DEFAULT_LOCALE, localeRow } from '../../../lib/locales'
import { LOCALE_FIELD, type ContactWords } from '../../../schemas/contact-fields'
import type { AppEnv } from '../../app-env'

export interface PostLocale {
  /** A code of the registry. */
  code: string
  /** The form's words in it; none for the default locale (the spec's English). */
  words?: ContactWords
}

const DEFAULT: PostLocale = { code: DEFAULT_LOCALE }

/** The registry's code a post names, or the default's for a post that names none or another. */
export function postedLocale(input: unknown): string {
  const named = (input as Record<string, unknown> | null | undefined)?.[LOCALE_FIELD]
  return typeof named === 'string' && localeRow(named) ? named : DEFAULT_LOCALE
}

const locales = new WeakMap<Request, PostLocale>()

export const setPostLocale = (c: Context<AppEnv>, locale: PostLocale) => void locales.set(c.req.raw, locale)

/** The locale of this request's post, once read (the default's before). */
export const postLocaleOf = (c: Context<AppEnv>): PostLocale => locales.get(c.req.raw) ?? DEFAULT
