/**
 * A locale's translation of the site copy as an XLIFF 2.0 file for a translation agency
 * (docs/locales.md, "Working with a translation agency"): one `<file>` per document, one `<unit>`
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

/** Every document's translation in `code`, as the file's text. */
export async function exportLocale(desk: TranslationDesk, code: string): Promise<Result<string>> {
  const sheets = await desk.sheets(code)
  if (!sheets.ok) return sheets
  const files = sheets.value.map((sheet) => ({ id: sheet.doc, units: sheet.fields.map(unitOfField) }))
  return ok(writeXliff({ srcLang: DEFAULT_LOCALE, trgLang: code, files }))
}
