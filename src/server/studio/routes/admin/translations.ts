/**
 * A document's translation (/admin/content/<doc>@<code>, docs/locales.md "The studio per locale"):
 * the English beside the translation, field by field, with each field's status; Save writes the
 * locale's draft and the statuses set; Publish (its own address, for editors) passes the gate: a
 * required field without words refuses it (422), machine and outdated fields are shown next to
 * their field first, and published only once confirmed. History and Restore are the document
 * editor's (documents.ts), under the same address. Native forms with Post/Redirect/Get.
 */
import { Hono, type Context } from 'hono'
import { adminCopy } from '../../../../content/admin'
import { ADMIN_PATHS, documentHref } from '../../../../lib/admin-links'
import { PART_PATHS } from '../../../../lib/console-parts'
import { partOf } from '../../../../lib/document-kinds'
import type { FormInput } from '../../../../lib/schema-form'
import { fillTemplate } from '../../../../lib/template'
import { translationEditorPage } from '../../../../pages/admin/TranslationEditorPage'
import type { AppEnv } from '../../../app-env'
import { adminFrame, adminName, allow, backWith, mayDo, recordActivity } from '../../../people/http'
import { rootLabel } from '../../render/studio-editor'
import { suggestionNotices } from '../../render/suggestion-notices'
import { kindModule } from '../../kinds'
import {
  inTheirLocale,
  languageOf,
  TRANSLATION_AT,
  translationAt,
  type DocumentAt,
} from '../../middleware/translator-locale'
import { translationGate, type TranslationSheet } from '../../services/translation-desk'

type Ctx = Context<AppEnv>
const copy = adminCopy.translations

async function show(
  c: Ctx,
  sheet: TranslationSheet,
  more: {
    gate?: { missing: string[]; flagged: string[] }
    errors?: Record<string, string>
    status?: 200 | 409 | 422
  } = {},
) {
  const frame = await adminFrame(c, { ...copy.notices, ...suggestionNotices(c) })
  const roots = Object.fromEntries(Object.keys(sheet.values).map((root) => [root, rootLabel(root)]))
  const mayPublish = mayDo(c, 'content')
  const page = translationEditorPage({
    ...frame,
    ...sheet,
    language: languageOf(sheet.code),
    title: sheet.title,
    roots,
    gate: more.gate,
    errors: more.errors,
    mayPublish,
    // A landing page's or a post's translation sits under its part, as its English does.
    ...(partOf(sheet.doc) === 'content' ? {} : { part: partOf(sheet.doc) }),
    back: backOf(sheet.doc, mayPublish),
  })
  return c.render(page, { status: more.status ?? 200 })
}

/**
 * The editor's way back: the list of its English document's part, for those who may open it; the
 * site copy's for a translator (where their translations are listed, posts' too).
 */
function backOf(doc: string, mayEdit: boolean) {
  const part = partOf(doc)
  if (!mayEdit || part === 'content') return { href: ADMIN_PATHS.content, label: copy.back }
  return { href: PART_PATHS[part], label: kindModule(doc).back }
}

/** Saves the posted form; the answer when it could not be saved, else the sheet as saved. */
async function saved(c: Ctx, found: NonNullable<Awaited<ReturnType<typeof translationAt>>>, form: FormInput) {
  const { desk, sheet } = found
  const result = await desk.save(sheet, form, adminName(c))
  if (!result.saved.ok) {
    const fields = 'fields' in result.saved.error ? result.saved.error.fields : undefined
    if (fields)
      return {
        answer: await show(c, sheet, { errors: fields, status: 422 }),
      }
    const code = result.saved.error.code === 'stale' ? 'stale' : 'failed'
    return { answer: backWith(c, documentHref(sheet.localeDoc), code) }
  }
  await recordActivity(c, 'translation-saved', { subject: sheet.localeDoc })
  if (result.statuses)
    await recordActivity(c, 'translation-reviewed', {
      subject: sheet.localeDoc,
      detail: fillTemplate(copy.reviewed, {
        language: languageOf(sheet.code),
        count: String(result.statuses),
      }),
    })
  return { written: result.saved.value }
}

/** A part's translation editors (the copy's, the posts'), each address's id read by `documentAt`. */
export function translationRoutes(documentAt: DocumentAt): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()
  routes.get(TRANSLATION_AT, allow('translate'), inTheirLocale, async (c) => {
    const found = await translationAt(c, documentAt)
    return found ? show(c, found.sheet) : c.notFound()
  })
  routes.post(TRANSLATION_AT, allow('translate'), inTheirLocale, (c) => save(c, documentAt))
  routes.post(`${TRANSLATION_AT}/publish`, allow('content'), (c) => publish(c, documentAt))
  return routes
}

async function save(c: Ctx, documentAt: DocumentAt) {
  const found = await translationAt(c, documentAt)
  if (!found) return c.notFound()
  const form: FormInput = await c.req.parseBody().catch(() => ({}))
  const { answer } = await saved(c, found, form)
  if (answer) return answer
  if (form._op === 'preview') return c.redirect(documentHref(found.sheet.localeDoc, 'preview'), 303)
  return backWith(c, documentHref(found.sheet.localeDoc), 'saved')
}

async function publish(c: Ctx, documentAt: DocumentAt) {
  const found = await translationAt(c, documentAt)
  if (!found) return c.notFound()
  const form: FormInput = await c.req.parseBody().catch(() => ({}))
  const { answer, written } = await saved(c, found, form)
  if (answer) return answer
  // The gate reads the translation as saved: its words and the statuses just set.
  const again = await found.desk.sheet(found.sheet.doc, found.sheet.code)
  if (!again.ok || !again.value) return backWith(c, documentHref(found.sheet.localeDoc), 'failed')
  const gate = translationGate(again.value.fields)
  const paths = { missing: gate.missing.map((f) => f.path), flagged: gate.flagged.map((f) => f.path) }
  if (paths.missing.length) return show(c, again.value, { gate: paths, status: 422 })
  if (paths.flagged.length && form.confirm !== 'yes') return show(c, again.value, { gate: paths })
  const published = await found.desk.publish(again.value, written!, adminName(c))
  if (published.ok && published.value)
    await recordActivity(c, 'translation-published', { subject: found.sheet.localeDoc })
  const notice = published.ok
    ? published.value
      ? 'published'
      : 'nothing'
    : published.error.code === 'stale'
      ? 'stale'
      : 'failed'
  return backWith(c, documentHref(found.sheet.localeDoc), notice)
}
