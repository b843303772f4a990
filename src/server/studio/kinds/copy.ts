/**
 * The site's copy as documents (/admin/content/<id>): each edits named parts of the copy
 * (content/documents.ts), checked field by field by the schema of its place (schemas/site-copy.ts)
 * and then each part whole; a field that no longer fits is left out and the default shows. A part's
 * edition in another locale (`home-hero@de`, lib/locale-documents.ts) edits the same parts of that
 * locale's copy (content/locales/), which the console lends as `defaults.translations`, and reaches
 * the site as `translations` (studio/services/locale-content.ts applies it to a page in that locale).
 */
import { studio } from '../../../content/admin/studio'
import { EDITABLE_DOCUMENTS } from '../../../content/documents'
import { kindOf } from '../../../lib/document-kinds'
import { applyEdition, type Edition, valueAt } from '../../../lib/edition'
import { localeOfDocument, sourceDocument } from '../../../lib/locale-documents'
import { localePath } from '../../../lib/locales'
import { schemaAt, unwrap } from '../../../lib/schema-walk'
import type { HomeLayoutEntry } from '../../../schemas/home-layout'
import { siteCopySchema, translatedCopySchema, type SiteCopy } from '../../../schemas/site-copy'
import { layoutProblems, linkErrors } from '../services/composed-pages'
import { issuesOf, plainIssue } from './issues'
import type { ContentDefaults, DocumentKindModule, KindPull, Rejected } from './types'

/** The root of the copy that holds the home page's sections. */
export const HOME_LAYOUT = 'home.layout'

/** The roots of a document of the copy (undefined for a post or an unknown name). */
export const rootsOf = (doc: string): readonly string[] | undefined =>
  EDITABLE_DOCUMENTS.find((document) => document.id === sourceDocument(doc))?.roots

/** A document's name and line in the studio's words (undefined for a post); a locale edition's are its source's. */
export const documentWords = (doc: string) =>
  (studio.documents as Record<string, { title: string; description: string } | undefined>)[
    sourceDocument(doc)
  ]

/** The schema a document's fields are checked by: a translation writes the spec's pinned headings in its words. */
const schemaOf = (doc: string) => (localeOfDocument(doc) ? translatedCopySchema : siteCopySchema)

/** The copy a document's edition applies to: the site's, or its locale's (undefined until the console lends it). */
function treeOf(defaults: ContentDefaults, doc: string): SiteCopy | undefined {
  const locale = localeOfDocument(doc)
  return locale ? defaults.translations?.[locale.code] : defaults.copy
}

/** The live locale editions, by locale and then by their source document: what `translations` carries. */
function translationsOf(editions: Map<string, Edition>): Record<string, Record<string, Edition>> {
  const found: Record<string, Record<string, Edition>> = {}
  for (const [doc, edition] of editions) {
    const locale = localeOfDocument(doc)
    // A post's or a landing page's locale edition is its kind's (post-editions.ts, page-locale.ts).
    if (locale && kindOf(locale.source) === 'copy') (found[locale.code] ??= {})[locale.source] = edition
  }
  return found
}

const under = (roots: readonly string[], path: string) =>
  roots.some((root) => path === root || path.startsWith(`${root}.`))

/** A document's edition, field by field: the fields that fit their place, and the others. */
function checkFields(
  roots: readonly string[],
  edition: Edition,
  copySchema: typeof siteCopySchema,
): { fields: Edition; rejected: string[] } {
  const fields: Edition = {}
  const rejected: string[] = []
  for (const [path, value] of Object.entries(edition)) {
    const schema = under(roots, path) ? schemaAt(copySchema, path) : undefined
    const fits = schema && (value === null ? unwrap(schema).optional : schema.safeParse(value).success)
    if (fits) fields[path] = value
    else rejected.push(path)
  }
  return { fields, rejected }
}

/**
 * The copy with the editions of its documents applied (by document name), each part checked whole;
 * a locale's copy with its editions and its schema (`translatedCopySchema`).
 */
export function buildCopy(
  defaults: SiteCopy,
  editions: ReadonlyMap<string, Edition>,
  rejected: Rejected[],
  copySchema: typeof siteCopySchema = siteCopySchema,
): SiteCopy {
  let copy = defaults
  for (const document of EDITABLE_DOCUMENTS) {
    const edition = editions.get(document.id)
    if (!edition) continue
    const checked = checkFields(document.roots, edition, copySchema)
    let next = applyEdition(copy, checked.fields)
    for (const root of document.roots) {
      if (schemaAt(copySchema, root)!.safeParse(valueAt(next, root)).success) continue
      next = applyEdition(next, { [root]: valueAt(defaults, root) })
      checked.rejected.push(...Object.keys(checked.fields).filter((path) => under([root], path)))
    }
    copy = next
    if (checked.rejected.length) rejected.push({ doc: document.id, fields: checked.rejected })
  }
  return copy
}

/** Each root's errors by its schema, and the home page's sections by a landing page's gate. */
async function errors(doc: string, value: Record<string, unknown>): Promise<Record<string, string>> {
  const errors: Record<string, string> = {}
  for (const root of rootsOf(doc) ?? []) {
    const checked = schemaAt(schemaOf(doc), root)!.safeParse(value[root])
    for (const issue of (checked.success ? [] : checked.error.issues).flatMap(issuesOf)) {
      const key = [root, ...issue.path].join('.')
      errors[key] ??= plainIssue(issue)
    }
    // The home page's sections pass a landing page's gate (its fields are under `sections`).
    if (root === HOME_LAYOUT && checked.success)
      for (const problem of layoutProblems(checked.data as HomeLayoutEntry[]))
        errors[problem.field.replace(/^sections/, root)] ??= problem.message
  }
  return errors
}

export const copyKind: DocumentKindModule = {
  noun: studio.kinds.copy,
  schema: siteCopySchema,
  defaults(defaults, doc) {
    const roots = rootsOf(doc)
    const tree = treeOf(defaults, doc)
    return roots && tree && Object.fromEntries(roots.map((root) => [root, valueAt(tree, root)]))
  },
  tree: (defaults, doc) => treeOf(defaults, doc),
  opens: () => true,
  build: async ({ defaults, live, rejected }) => ({
    copy: buildCopy(defaults.copy, live.editions, rejected),
    translations: translationsOf(live.editions),
  }),
  // The home page's sections must go to an address the site serves now.
  async problems(doc, value, site) {
    const found = await errors(doc, value)
    if (!(HOME_LAYOUT in value)) return found
    return { ...linkErrors(value[HOME_LAYOUT], await site.served(), HOME_LAYOUT), ...found }
  },
  // Every text field its schema's form shows (the desk reads them: the form's code stays in the console).
  translated: 'text',
  translatable: () =>
    EDITABLE_DOCUMENTS.map(({ id }) => ({ doc: id, title: documentWords(id)?.title ?? id })),
  title: (doc) => documentWords(doc)?.title ?? doc,
  place: (doc) => documentWords(doc)?.title ?? doc,
  back: studio.editor.back,
  path(doc) {
    const page = EDITABLE_DOCUMENTS.find((document) => document.id === sourceDocument(doc))?.page
    const locale = localeOfDocument(doc)
    return page && locale ? localePath(locale.code, page) : page
  },
  notes: async () => ({ onSite: true }),
}

/** What content:pull writes of it (scripts/lib/content-pulls.ts). */
export const copyPull: KindPull = {
  // Each changed string replaces the one literal that holds it; a locale's edition, in its locale's words.
  pull: (doc, _value, edition) => ({ fields: edition, locale: localeOfDocument(doc)?.code }),
}
