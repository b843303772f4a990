/**
 * A document's words as a translation sees them, field by field (docs/locales.md, "The studio per
 * locale"): the text fields of the English document (what a schema's form would show as text, long
 * text or Markdown, and a picture's alt text; never an address, a choice, a number or a picture),
 * and each field's status in a locale. Missing and outdated are read, never stored: a field is
 * missing when the English has words and the translation none, and outdated when the English
 * field's published value no longer has the hash the translation was made from.
 */
import type { z } from 'zod'
import { formTree, type FormNode } from './schema-form'
import { schemaAt } from './schema-walk'

/** What a translator or an editor sets; `machine` is what a suggestion lands as. */
export const STORED_STATUSES = ['machine', 'review', 'done'] as const
export type StoredStatus = (typeof STORED_STATUSES)[number]
export type FieldStatus = StoredStatus | 'missing' | 'outdated'

/** A field's words that are an address or a name of a thing, not text to translate. */
const NOT_TEXT = /^(?:\/|#|https?:\/\/|mailto:|tel:)\S*$/
// The last five: a landing page's form settings written as text, not words (they stay the English page's).
const NOT_TEXT_KEYS = new Set(
  ['href', 'src', 'url', 'id', 'slug', 'email', 'phone', 'poster', 'video'].concat([
    'fixedValue',
    'thanksPage',
    'tellAddress',
    'earliest',
    'latest',
  ]),
)

/** Each text field of `values` (root → value) under the schema, as [dot path, its words]. */
export function textFields(schema: z.ZodType, values: Record<string, unknown>): [string, string][] {
  const found: [string, string][] = []
  const walk = (node: FormNode) => {
    if (node.kind === 'text' || node.kind === 'markdown') {
      // A form's labels are words whatever their key (`labels.email` is the e-mail field's label).
      const isLabel = /\.labels\.[^.]+$/.test(node.name)
      if ((isLabel || !NOT_TEXT_KEYS.has(node.key)) && !NOT_TEXT.test(node.value.trim()))
        found.push([node.name, node.value])
    } else if (node.kind === 'image') {
      if (node.value?.alt) found.push([`${node.name}.alt`, node.value.alt])
    } else if (node.kind === 'group') node.children.forEach(walk)
    else if (node.kind === 'list') node.items.forEach(walk)
    else if (node.kind === 'variant') {
      node.shared.forEach(walk)
      node.choices.find((choice) => choice.key === node.chosen)?.fields.forEach(walk)
    }
  }
  for (const [root, value] of Object.entries(values)) {
    const at = schemaAt(schema, root)
    if (at) walk(formTree(at, value, root))
  }
  return found
}

/** What is kept of a translated field (content_translations): its status and the English it was made from. */
export interface TranslationRecord {
  status: StoredStatus
  sourceHash: string
  source: string
}

/** One field of a translation, as its editor shows it. */
export interface TranslationField {
  path: string
  /** The English field's published words. */
  source: string
  /** The translation's words ('' for none). */
  value: string
  status: FieldStatus
  /** Its status as stored (or `done`, for the repository's words): what it is once the English is read again. */
  kept: StoredStatus
  /** The SHA-256 of the English it was made from (none: never translated). */
  hash?: string
  /** The English it was made from, when that is not the English now (outdated). */
  oldSource?: string
  /** The English has words here: the translation must too before it is published. */
  required: boolean
}

/**
 * A field's status: missing without words; outdated when the English it was made from (`made`,
 * its hash) is not the English now (`hash`); else its stored status, `done` for the repository's
 * words made from the repository's English.
 */
export function fieldStatus(
  value: string,
  required: boolean,
  made: { hash: string; status: StoredStatus } | undefined,
  hash: string,
): FieldStatus {
  if (required && !value.trim()) return 'missing'
  if (made && made.hash !== hash) return 'outdated'
  return made?.status ?? 'review'
}

/** A document's progress in a locale: the share of its required fields that are done, in whole per cent. */
export function progressOf(fields: readonly TranslationField[]): number {
  const required = fields.filter((field) => field.required)
  if (!required.length) return 100
  return Math.floor((100 * required.filter((field) => field.status === 'done').length) / required.length)
}

/** Why an XLIFF import leaves a text out (services/xliff-import.ts); each has its words in content/admin. */
export type XliffRefusal =
  'unknown-document' | 'not-on-site' | 'unknown-field' | 'wrong-language' | 'markup' | 'invalid' | 'duplicate'

/** One field an XLIFF import would change. */
export interface ImportedField {
  path: string
  before: string
  after: string
  statusBefore: FieldStatus
  statusAfter: StoredStatus
  /** The English the file's translation was made from (its source). */
  source: string
  /** That English is not the English now: the field will read outdated. */
  olderEnglish: boolean
}

/** What an XLIFF import would do, document by document, before anything is written. */
export interface TranslationImportPlan {
  documents: { doc: string; localeDoc: string; changes: ImportedField[] }[]
  changed: number
  unchanged: number
  refused: { doc: string; path?: string; code: XliffRefusal; problem?: string }[]
}
