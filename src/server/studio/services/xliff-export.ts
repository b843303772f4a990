/**
 * A locale's translation of the site (its copy, its posts' and landing pages' editions) as an XLIFF
 * 2.0 file for a translation agency (docs/locales.md, "Working with a translation agency"): one
 * `<file>` per document (its id the English document's: `home-hero`, `post:blog-1`), one `<unit>`
 * per text field (its id the field's path), the English published now as the source, the
 * translation's draft or live words as the target. The status rides in `state`, with `subState` and
 * our metadata where XLIFF has no word (machine, outdated), and the hash of the English it was
 * made from, so an import can tell a translation made from older English.
 */
import { adminCopy } from '../../../content/admin'
import { ok, type Result } from '../../../lib/result'
import type { StoredStatus, TranslationField } from '../../../lib/translation-fields'
import { fillTemplate } from '../../../lib/template'
import { DEFAULT_LOCALE } from '../../../lib/locales'
import { OUR_PREFIX, writeXliff, type XliffState, type XliffUnit } from '../../../lib/xliff-write'
import { KINDS } from '../kinds'
import type { ContentService } from './content'
import type { TranslationDesk } from './translation-desk'

/** The standard's state for each status a person or a suggestion left. */
const STATE_OF: Record<StoredStatus, XliffState> = {
  machine: 'translated',
  review: 'translated',
  done: 'final',
}
export const MACHINE = `${OUR_PREFIX}:machine`
export const OUTDATED = `${OUR_PREFIX}:outdated`
const notes = adminCopy.translationFiles.notes

/** A field as the unit that carries it. */
export function unitOfField(field: TranslationField): XliffUnit {
  const outdated = field.status === 'outdated'
  const meta: Record<string, string> = { status: field.status }
  if (outdated) meta['translated-as'] = field.kept
  if (field.hash) meta['source-hash'] = field.hash
  return {
    id: field.path,
    source: field.source,
    target: field.value === '' ? undefined : field.value,
    state: field.status === 'missing' ? 'initial' : STATE_OF[field.kept],
    subState: outdated ? OUTDATED : field.status === 'machine' ? MACHINE : undefined,
    meta,
    notes: outdated
      ? [fillTemplate(notes.outdated, { english: field.oldSource ?? '' })]
      : field.status === 'machine'
        ? [notes.machine]
        : undefined,
  }
}

/**
 * The documents the agency's file carries, each kind's in turn (kinds/ `translatable`): every part of
 * the copy, then each post and landing page on the site now, with their titles in the console.
 */
export async function agencyDocuments(content: ContentService): Promise<{ doc: string; title: string }[]> {
  const site = await content.current()
  return Object.values(KINDS).flatMap((kind) => kind.translatable?.(site) ?? [])
}

/** Every document's translation in `code` (the copy's, the posts' and the landing pages'), as the file's text. */
export async function exportLocale(
  desk: TranslationDesk,
  content: ContentService,
  code: string,
): Promise<Result<string>> {
  const docs = (await agencyDocuments(content)).map(({ doc }) => doc)
  const sheets = await desk.sheets(code, docs)
  if (!sheets.ok) return sheets
  const files = sheets.value.map((sheet) => ({ id: sheet.doc, units: sheet.fields.map(unitOfField) }))
  return ok(writeXliff({ srcLang: DEFAULT_LOCALE, trgLang: code, files }))
}
