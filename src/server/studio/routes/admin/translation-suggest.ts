/**
 * "Suggest" in the translation editor (POST /admin/content/<doc>@<code>/suggest, docs/locales.md
 * "Suggestions"): a field's button posts its path as `field`, the document's button none (every
 * field with English). Workers AI is asked (studio/services/translation-suggest.ts), the fields its
 * reply kept are saved over the posted form as `machine`, and the editor is shown again with a
 * notice saying how many fields took a suggestion and about how many tokens it cost; without
 * Workers AI it says, in plain words, that suggestions need it, and nothing changes. Mounted beside
 * the editor's routes (console/index.ts); its notices' words are render/suggestion-notices.ts.
 */
import { Hono, type Context } from 'hono'
import { documentHref } from '../../../../lib/admin-links'
import { log } from '../../../../lib/log'
import type { FormInput } from '../../../../lib/schema-form'
import type { AppEnv } from '../../../app-env'
import { adminName, allow, backWith, recordActivity } from '../../../people/http'
import {
  inTheirLocale,
  languageOf,
  TRANSLATION_AT,
  translationAt,
  type DocumentAt,
} from '../../middleware/translator-locale'
import type { TranslationDesk, TranslationSheet } from '../../services/translation-desk'

type Ctx = Context<AppEnv>

/** A part's Suggest (the copy's, the posts'), each address's id read by `documentAt`. */
export function suggestionRoutes(documentAt: DocumentAt): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()
  routes.post(`${TRANSLATION_AT}/suggest`, allow('translate'), inTheirLocale, async (c) => {
    const found = await translationAt(c, documentAt)
    return found ? suggestTranslation(c, found) : c.notFound()
  })
  return routes
}

async function suggestTranslation(c: Ctx, found: { desk: TranslationDesk; sheet: TranslationSheet }) {
  const { desk, sheet } = found
  const href = documentHref(sheet.localeDoc)
  const form: FormInput = await c.req.parseBody().catch(() => ({}))
  const only = typeof form.field === 'string' ? form.field : undefined
  const fields = new Map(
    sheet.fields
      .filter((field) => field.source.trim() && (only === undefined || field.path === only))
      .map((field) => [field.path, field.source]),
  )
  if (!fields.size) return c.notFound()
  // Loaded with the first suggestion: the guards and the glossary stay out of every other page.
  const { saveSuggestion, suggestFields } = await import('../../services/translation-suggest')
  const ai = c.env.AI as unknown as Parameters<typeof suggestFields>[0]
  const suggestion = await suggestFields(ai, fields, languageOf(sheet.code))
  if (!suggestion.ok)
    return backWith(c, href, suggestion.error.code === 'no-ai' ? 'suggest-off' : 'suggest-failed')
  const { checked, tokens } = suggestion.value
  for (const { path, reason } of checked.refused)
    log.warn('studio', 'suggestion refused', { doc: sheet.localeDoc, path, reason })
  const numbers = new URLSearchParams({
    count: String(checked.taken.size),
    asked: String(fields.size),
    ...(tokens === null ? {} : { tokens: String(tokens) }),
  })
  if (!checked.taken.size) return backWith(c, `${href}?${numbers}`, 'suggest-none')
  const saved = await saveSuggestion(desk, c.env.DB, sheet, form, checked.taken, adminName(c))
  if (!saved.ok) return backWith(c, href, saved.error.code === 'stale' ? 'stale' : 'failed')
  await recordActivity(c, 'translation-saved', { subject: sheet.localeDoc })
  const notice = checked.refused.length ? 'suggested-some' : 'suggested'
  return backWith(c, `${href}?${numbers}`, notice)
}
