/**
 * Working with a translation agency (/admin/content/xliff/<code>, docs/locales.md): GET downloads
 * the locale's translation of the whole site copy, and of the posts and landing pages on the site,
 * as one XLIFF 2.0 file (on Site copy, where a translator, who has no list of posts or pages,
 * works); POST (a multipart form, no script needed) checks an agency's file and shows what it
 * would change, writing nothing; posted again with `apply`, the plan is made afresh from the same
 * file and saved as drafts (never published).
 * Translators of the locale, editors and admins (inTheirLocale: a translator of another gets 403).
 */
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { adminCopy } from '../../../../content/admin'
import { EDITABLE_DOCUMENTS } from '../../../../content/documents'
import { ADMIN_PATHS } from '../../../../lib/admin-links'
import { DEFAULT_LOCALE, localeRow } from '../../../../lib/locales'
import { fillTemplate } from '../../../../lib/template'
import type { TranslationImportData } from '../../../../pages/admin/TranslationImportPage'
import type { AppEnv } from '../../../app-env'
import { adminFrame, adminName, allow, backWith, recordActivity } from '../../../people/http'
import { inTheirLocale, languageOf } from '../../middleware/translator-locale'
import { rootLabel } from '../../render/studio-editor'
import type { FileProblem } from '../../services/xliff-import'

type Ctx = Context<AppEnv>
const copy = adminCopy.translationFiles
const AT = '/xliff/:code{[a-z]{2,3}}'
/** The largest file taken: 2 MB (its words say so); the whole German copy's is 139 KiB. */
const FILE_LIMIT = 2 * 1024 * 1024

/** The locale the address names, when it is one the studio translates into. */
const codeOf = (c: Ctx) => {
  const code = c.req.param('code') ?? ''
  return code !== DEFAULT_LOCALE && localeRow(code) ? code : undefined
}

async function show(
  c: Ctx,
  code: string,
  more: Partial<TranslationImportData>,
  status: 200 | 400 | 413 | 503 = 200,
) {
  // Loaded with the first file checked, as the reader and the planner are: the content list never needs them.
  const [{ translationImportPage }, { agencyDocuments }] = await Promise.all([
    import('../../../../pages/admin/TranslationImportPage'),
    import('../../services/xliff-export'),
  ])
  const [frame, documents] = await Promise.all([
    adminFrame(c),
    agencyDocuments(c.var.services.studio.content).catch(() => []),
  ])
  const titles = Object.fromEntries(documents.map(({ doc, title }) => [doc, title]))
  // The copy's parts, and a post's or a page's root (post, page) as the plan names its fields.
  const paths = [
    ...(more.plan?.documents.flatMap(({ changes }) => changes.map((change) => change.path)) ?? []),
    ...(more.plan?.refused.flatMap(({ path }) => (path ? [path] : [])) ?? []),
  ]
  const named = [
    ...EDITABLE_DOCUMENTS.flatMap(({ roots }) => roots),
    ...paths.map((path) => path.split('.')[0]!),
  ]
  const roots = Object.fromEntries(named.map((root) => [root, rootLabel(root)]))
  const page = translationImportPage({ ...frame, code, language: languageOf(code), titles, roots, ...more })
  return c.render(page, { status })
}

const problemWords = (problem: FileProblem, code: string) =>
  problem.code === 'malformed'
    ? fillTemplate(copy.problems.malformed, { why: problem.why })
    : fillTemplate(copy.problems.language, {
        source: problem.source,
        target: problem.target,
        language: languageOf(code),
      })

export const adminTranslationFiles = new Hono<AppEnv>()

adminTranslationFiles.get(AT, allow('translate'), inTheirLocale, async (c) => {
  const code = codeOf(c)
  if (!code) return c.notFound()
  // Loaded with the first file: the writer stays out of every other console page.
  const { exportLocale } = await import('../../services/xliff-export')
  const { studio } = c.var.services
  const file = await exportLocale(await studio.translations(), studio.content, code)
  if (!file.ok) return c.text(copy.problems.failed, 503)
  return c.body(file.value, 200, {
    'Content-Type': 'application/xliff+xml; charset=utf-8',
    'Content-Disposition': `attachment; filename="site-${code}-${new Date().toISOString().slice(0, 10)}.xlf"`,
  })
})

// The file's bytes and the form's few more; an Apply posts the same text back in a textarea.
const fileLimit = bodyLimit({
  maxSize: FILE_LIMIT + 16 * 1024,
  onError: (c) => show(c as Ctx, codeOf(c as Ctx) ?? 'de', { problem: copy.problems.tooBig }, 413),
})

adminTranslationFiles.post(AT, allow('translate'), inTheirLocale, fileLimit, async (c) => {
  const code = codeOf(c)
  if (!code) return c.notFound()
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const text =
    form.file instanceof File ? await form.file.text() : typeof form.xliff === 'string' ? form.xliff : ''
  if (!text.trim()) return show(c, code, { problem: copy.problems.noFile }, 400)
  const desk = await c.var.services.studio.translations()
  const { content } = c.var.services.studio
  const { applyImport, planImport } = await import('../../services/xliff-import')
  const plan = await planImport(desk, content, text, code)
  if (!plan.ok)
    return 'problem' in plan
      ? show(c, code, { problem: problemWords(plan.problem, code) }, 400)
      : show(c, code, { problem: copy.problems.failed }, 503)
  if (form.apply !== 'yes' || !plan.value.changed) return show(c, code, { plan: plan.value, file: text })
  const applied = await applyImport(desk, content, plan.value, code, adminName(c))
  if (!applied.ok) return show(c, code, { plan: plan.value, file: text, problem: copy.problems.failed }, 503)
  for (const localeDoc of applied.value)
    await recordActivity(c, 'translation-imported', {
      subject: localeDoc,
      detail: `${plan.value.documents.find((one) => one.localeDoc === localeDoc)?.changes.length ?? 0} fields`,
    })
  return backWith(c, `${ADMIN_PATHS.content}?needs=${code}`, 'imported')
})
