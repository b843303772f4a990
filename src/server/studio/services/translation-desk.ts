/**
 * The studio per locale, for the console (docs/locales.md, "The studio per locale"): a document's
 * translation beside its English, field by field, each field's status, the document's progress, and
 * a save that writes the locale's draft and the statuses its translator set. A field's status is
 * kept with the SHA-256 of the English it was made from; when the English field's published value
 * no longer has that hash, the field reads outdated by itself. The repository's German words were
 * made from the repository's English: a field without a record is done until that English changes.
 */
import { EDITABLE_DOCUMENTS } from '../../../content/documents'
import { valueAt, withValueAt } from '../../../lib/edition'
import { sha256Hex } from '../../../lib/hex'
import { localeDocument } from '../../../lib/locale-documents'
import { ok, type Result } from '../../../lib/result'
import type { FormInput } from '../../../lib/schema-form'
import {
  fieldStatus,
  progressOf,
  textFields,
  type StoredStatus,
  type TranslationField,
  type TranslationRecord,
} from '../../../lib/translation-fields'
import type { DocumentState } from '../../../schemas/studio-records'
import { kindModule } from '../kinds'
import { TranslationStore, type TranslationWrite } from '../storage/translations'
import type { ContentService, WrittenDraft } from './content'

/** A document's translation as its editor shows it. */
export interface TranslationSheet {
  doc: string
  code: string
  /** The locale edition's document (home-hero@de, post:blog-1@de). */
  localeDoc: string
  /** The English document's title in the console (a post's: its published title). */
  title: string
  version: number
  state: DocumentState | null
  /** The translation's values, root by root (the draft, else the live edition, over the repository's words). */
  values: Record<string, unknown>
  fields: TranslationField[]
  progress: number
}

/** The value at a field's dot path in a document's values (root → value). */
function fieldAt(values: Record<string, unknown>, path: string): unknown {
  const root = Object.keys(values)
    .filter((name) => path === name || path.startsWith(`${name}.`))
    .sort((a, b) => b.length - a.length)[0]
  return root === undefined
    ? undefined
    : root === path
      ? values[root]
      : valueAt(values[root], path.slice(root.length + 1))
}

/** Values with one field's words changed (the objects on the way copied). */
export function withField(
  values: Record<string, unknown>,
  path: string,
  words: string,
): Record<string, unknown> {
  let tree: unknown = {}
  for (const [root, part] of Object.entries(values)) tree = withValueAt(tree, root, part)
  tree = withValueAt(tree, path, words)
  return Object.fromEntries(Object.keys(values).map((root) => [root, valueAt(tree, root)]))
}

const wordsOf = (value: unknown) => (typeof value === 'string' ? value : '')
/** What a field's status is kept against: the hash of the English field's value. */
export const sourceHash = (words: string) => sha256Hex(JSON.stringify(words))
const posted = (form: FormInput, name: string) =>
  typeof form[name] === 'string' ? (form[name] as string).replace(/\r\n?/g, '\n') : undefined

export class TranslationDesk {
  constructor(
    private readonly content: ContentService,
    private readonly store: TranslationStore,
  ) {}

  /** A document's translation in `code`; null for a document without one (a landing page, a post never published). */
  async sheet(
    doc: string,
    code: string,
    known?: Map<string, TranslationRecord>,
  ): Promise<Result<TranslationSheet | null>> {
    const localeDoc = localeDocument(doc, code)
    await this.content.lendLocale(localeDoc)
    const [english, local, records] = await Promise.all([
      this.content.open(doc),
      this.content.open(localeDoc),
      known ? ok(new Map([[doc, known]])) : this.store.all(code),
    ])
    if (!english.ok) return english
    if (!local.ok) return local
    if (!records.ok) return records
    const kind = kindModule(doc)
    if (!english.value || !local.value || !kind.translated) return ok(null)
    const published = this.content.valuesOf(doc, english.value.row?.published ?? {})!
    const sources =
      kind.translated === 'text' ? textFields(kind.schema, published) : kind.translated(published)
    const englishRepository = this.content.defaultsOf(doc)!
    const localRepository = this.content.defaultsOf(localeDoc)!
    const kept = records.value.get(doc) ?? new Map<string, TranslationRecord>()
    const fields = await Promise.all(
      sources.map(async ([path, source]): Promise<TranslationField> => {
        const value = wordsOf(fieldAt(local.value!.value, path))
        const record = kept.get(path)
        const madeFrom = record?.source ?? wordsOf(fieldAt(englishRepository, path))
        const fromRepository = !record && wordsOf(fieldAt(localRepository, path)) !== ''
        const made = record
          ? { hash: record.sourceHash, status: record.status }
          : fromRepository
            ? { hash: await sourceHash(madeFrom), status: 'done' as const }
            : undefined
        const status = fieldStatus(value, source.trim() !== '', made, await sourceHash(source))
        const oldSource = status === 'outdated' ? madeFrom : undefined
        return {
          path,
          source,
          value,
          status,
          kept: made?.status ?? 'review',
          hash: made?.hash,
          oldSource,
          required: source.trim() !== '',
        }
      }),
    )
    const { version, state, value } = local.value
    const title = kind.title(doc, published)
    return ok({
      doc,
      code,
      localeDoc,
      title,
      version,
      state,
      values: value,
      fields,
      progress: progressOf(fields),
    })
  }

  /**
   * These documents' translations in `code` (every part of the copy, in its order, unless told: the
   * progress's; the XLIFF export names posts and landing pages too), those without one left out.
   */
  async sheets(
    code: string,
    docs: readonly string[] = EDITABLE_DOCUMENTS.map(({ id }) => id),
  ): Promise<Result<TranslationSheet[]>> {
    const records = await this.store.all(code)
    if (!records.ok) return records
    const found: TranslationSheet[] = []
    for (const id of docs) {
      const sheet = await this.sheet(id, code, records.value.get(id) ?? new Map())
      if (!sheet.ok) return sheet
      if (sheet.value) found.push(sheet.value)
    }
    return ok(found)
  }

  /** Each document of the copy's progress in `code` (per cent), for the content list; null where unreadable. */
  async progress(code: string): Promise<Map<string, number> | null> {
    const sheets = await this.sheets(code)
    return sheets.ok ? new Map(sheets.value.map((sheet) => [sheet.doc, sheet.progress])) : null
  }

  /** Writes fields' statuses as they are (an import's: each made from the English its file held). */
  writeStatuses(sheet: TranslationSheet, writes: TranslationWrite[], by: string) {
    return this.store.write(sheet.doc, sheet.code, writes, by, new Date().toISOString())
  }

  /**
   * Saves the posted translation as the locale's draft (over `sheet.version`), then the statuses the
   * form set: a field left as it was keeps its record; a changed field without a status chosen
   * (a machine suggestion edited, say) needs review; each record written is made from the English now.
   */
  async save(sheet: TranslationSheet, form: FormInput, by: string) {
    let values = sheet.values
    for (const field of sheet.fields) {
      const words = posted(form, `t.${field.path}`)
      if (words !== undefined && words !== field.value) values = withField(values, field.path, words)
    }
    const saved = await this.content.save(sheet.localeDoc, values, Number(form['@version']) || 0, by)
    if (!saved.ok) return { saved, values }
    const writes: TranslationWrite[] = []
    for (const field of sheet.fields) {
      const words = posted(form, `t.${field.path}`) ?? field.value
      const chosen = posted(form, `s.${field.path}`)
      const status: StoredStatus | undefined = chosen === 'review' || chosen === 'done' ? chosen : undefined
      const changed = words !== field.value
      if (!changed && (!status || (status === field.status && status === field.kept))) continue
      writes.push({
        path: field.path,
        status: status ?? 'review',
        sourceHash: await sourceHash(field.source),
        source: field.source,
      })
    }
    const written = await this.store.write(sheet.doc, sheet.code, writes, by, new Date().toISOString())
    return { saved: written.ok ? saved : written, values, statuses: writes.length }
  }

  /** Publishes the locale's draft as the save wrote it (stale when saved again since). */
  publish(sheet: TranslationSheet, saved: WrittenDraft, by: string) {
    return this.content.publishSaved(sheet.localeDoc, saved, by)
  }
}

/** The publish gate: required fields without words refuse it; machine and outdated fields are shown first. */
export function translationGate(fields: readonly TranslationField[]) {
  return {
    missing: fields.filter((field) => field.status === 'missing'),
    flagged: fields.filter((field) => field.status === 'machine' || field.status === 'outdated'),
  }
}

/** The desk over the studio's content and D1 (studio-services.ts loads this module with the first translation page). */
export const translationDesk = (content: ContentService, db: D1Database) =>
  new TranslationDesk(content, new TranslationStore(db))
