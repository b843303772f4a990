/**
 * A translation agency's XLIFF file taken back (docs/locales.md, "Working with a translation
 * agency"), the copy's, the posts' and the landing pages' documents alike: `planImport` says what
 * it would change, field by field, and what it refuses, writing nothing; `applyImport` saves the
 * plan as drafts of the locale's editions and their statuses through the editor's own desk (never
 * a publish). A unit the file left as the export wrote it
 * changes nothing, so the same file applied twice changes nothing the second time. A translation's
 * status is kept against the English the file held, so one made from older English reads outdated.
 */
import { slugOf } from '../../../lib/document-kinds'
import { ok, type Result } from '../../../lib/result'
import type {
  FieldStatus,
  ImportedField,
  TranslationField,
  TranslationImportPlan,
} from '../../../lib/translation-fields'
import { readXliff } from '../../../lib/xliff-read'
import type { XliffUnit } from '../../../lib/xliff-write'
import type { ContentService } from './content'
import { agencyDocuments, MACHINE, OUTDATED } from './xliff-export'
import { sourceHash, withField, type TranslationDesk, type TranslationSheet } from './translation-desk'

/** Why a whole file is refused: it is not XLIFF 2, or its languages are not these. */
export type FileProblem =
  { code: 'malformed'; why: string } | { code: 'language'; source: string; target: string }

const primary = (tag: string | undefined) => tag?.toLowerCase().split('-')[0]

/** The status a unit's state says, where the file says one a person may set (machine and outdated are the export's own word). */
function statusIn(unit: XliffUnit): FieldStatus | undefined {
  if (unit.subState === OUTDATED) return 'outdated'
  if (unit.state === 'final' || unit.state === 'reviewed') return 'done'
  if (unit.state === 'translated') return unit.subState === MACHINE ? 'machine' : 'review'
  return undefined
}

/** What a unit changes of a field; null for nothing. */
async function changeOf(field: TranslationField, unit: XliffUnit): Promise<ImportedField | null> {
  const words = unit.target ?? ''
  const sameWords = words === '' || words === field.value
  const incoming = statusIn(unit)
  const made = await sourceHash(unit.source)
  if (sameWords) {
    if (field.status === 'missing' || !incoming || incoming === 'machine' || incoming === 'outdated')
      return null
    if (incoming === field.kept && (field.status !== 'outdated' || field.hash === made)) return null
  }
  return {
    path: field.path,
    before: field.value,
    after: sameWords ? field.value : words,
    statusBefore: field.status,
    statusAfter: incoming === 'done' ? 'done' : 'review',
    source: unit.source,
    olderEnglish: unit.source !== field.source,
  }
}

/** What the file would do in `code`'s editions, nothing written; a file problem when it is none to read. */
export async function planImport(
  desk: TranslationDesk,
  content: ContentService,
  text: string,
  code: string,
): Promise<Result<TranslationImportPlan, never> | { ok: false; problem: FileProblem }> {
  const read = readXliff(text)
  if (!read.ok) return { ok: false, problem: { code: 'malformed', why: read.why } }
  const { srcLang, trgLang, files } = read.value
  if (primary(srcLang) !== 'en' || primary(trgLang) !== code)
    return { ok: false, problem: { code: 'language', source: srcLang, target: trgLang } }
  const plan: TranslationImportPlan = { documents: [], changed: 0, unchanged: 0, refused: [] }
  const seen = new Set<string>()
  const known = new Set((await agencyDocuments(content)).map(({ doc }) => doc))
  for (const file of files) {
    // Only the documents the file names are read: a file of one document costs one.
    const read = known.has(file.id) ? await desk.sheet(file.id, code) : ok(null)
    if (!read.ok) return read
    const sheet = read.value
    if (!sheet) {
      // A post's or a landing page's (a name with an address) is said by its address.
      plan.refused.push({
        doc: file.id,
        code: slugOf(file.id) !== undefined ? 'not-on-site' : 'unknown-document',
      })
      continue
    }
    const changes: ImportedField[] = []
    for (const unit of file.units) {
      const refuse = (refusal: TranslationImportPlan['refused'][number]['code']) =>
        plan.refused.push({ doc: file.id, path: unit.id, code: refusal })
      const field = sheet.fields.find((one) => one.path === unit.id)
      if (!field) refuse('unknown-field')
      else if (seen.has(`${file.id} ${unit.id}`)) refuse('duplicate')
      else if (unit.markup) refuse('markup')
      else if (
        (unit.sourceLang && primary(unit.sourceLang) !== 'en') ||
        (unit.targetLang && primary(unit.targetLang) !== code)
      )
        refuse('wrong-language')
      else {
        const change = await changeOf(field, unit)
        if (change) changes.push(change)
        else plan.unchanged++
      }
      seen.add(`${file.id} ${unit.id}`)
    }
    const fit = await schemaChecked(content, sheet, changes, plan)
    if (fit.length) plan.documents.push({ doc: sheet.doc, localeDoc: sheet.localeDoc, changes: fit })
    plan.changed += fit.length
  }
  return ok(plan)
}

/** The changes whose words the locale's edition takes (its schema, as a save checks it); the rest refused. */
async function schemaChecked(
  content: ContentService,
  sheet: TranslationSheet,
  changes: ImportedField[],
  plan: TranslationImportPlan,
): Promise<ImportedField[]> {
  const valuesWith = (some: ImportedField[]) =>
    some.reduce((values, change) => withField(values, change.path, change.after), sheet.values)
  const problems = await content.check(sheet.localeDoc, valuesWith(changes))
  const fit = changes.filter((change) => !Object.hasOwn(problems, change.path))
  for (const change of changes.filter((one) => Object.hasOwn(problems, one.path)))
    plan.refused.push({ doc: sheet.doc, path: change.path, code: 'invalid', problem: problems[change.path] })
  if (
    fit.length === changes.length ||
    !Object.keys(await content.check(sheet.localeDoc, valuesWith(fit))).length
  )
    return fit
  // A problem no one field owns: none of this document's changes is taken.
  for (const change of fit)
    plan.refused.push({ doc: sheet.doc, path: change.path, code: 'invalid', problem: '' })
  return []
}

/** Saves the plan's changes as the drafts and statuses of the locale's editions; how many documents it wrote. */
export async function applyImport(
  desk: TranslationDesk,
  content: ContentService,
  plan: TranslationImportPlan,
  code: string,
  by: string,
): Promise<Result<string[], 'stale' | 'invalid'>> {
  const written: string[] = []
  for (const { doc, localeDoc, changes } of plan.documents) {
    const sheet = await desk.sheet(doc, code)
    if (!sheet.ok) return sheet
    if (!sheet.value) continue
    const words = changes.filter((change) => change.after !== change.before)
    if (words.length) {
      const values = words.reduce(
        (all, change) => withField(all, change.path, change.after),
        sheet.value.values,
      )
      const saved = await content.save(localeDoc, values, sheet.value.version, by)
      if (!saved.ok) return saved
    }
    const writes = await Promise.all(
      changes.map(async ({ path, statusAfter, source }) => ({
        path,
        status: statusAfter,
        sourceHash: await sourceHash(source),
        source,
      })),
    )
    const statuses = await desk.writeStatuses(sheet.value, writes, by)
    if (!statuses.ok) return statuses
    written.push(localeDoc)
  }
  return ok(written)
}
