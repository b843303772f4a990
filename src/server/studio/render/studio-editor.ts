/**
 * The studio's editor page for any document (a part of the copy, a post), shared by its routes:
 * the form tree of the document's values (lib/schema-form.ts), what the pickers offer (the media
 * library's pictures, the published posts), and where the document stands.
 */
import type { Context } from 'hono'
import { humanize, pathLabel } from '../../../components/admin/SchemaFields'
import { adminCopy } from '../../../content/admin'
import { ADMIN_PATHS, documentHref } from '../../../lib/admin-links'
import { PART_PATHS } from '../../../lib/console-parts'
import { partOf } from '../../../lib/document-kinds'
import { libraryPath } from '../../../lib/library'
import { formTree, readValue, type FormInput, type FormNode } from '../../../lib/schema-form'
import { documentEditorPage, type EditorData } from '../../../pages/admin/DocumentEditorPage'
import type { AdminNotice } from '../../../schemas/admin-words'
import type { DocumentState } from '../../../schemas/studio-records'
import { schemaAt } from '../../../lib/schema-walk'
import type { AppEnv } from '../../app-env'
import { documentSchema } from '../services/content-build'
import { kindModule, type EditorReads } from '../kinds'
import { isStarter } from '../kinds/page'
import { adminFrame, valueOrNull } from '../../people/http'
import { valueAt, withValueAt, type FieldChange } from '../../../lib/edition'
import type { ListOperation } from '../../../lib/schema-form-lists'
import { fillTemplate } from '../../../lib/template'

const copy = adminCopy.studio

/** The editor's notices for `doc`, by the key a redirect names, each naming its kind of document: a landing page, a post, a page. */
export function editorNotices(doc: string): Record<string, AdminNotice> {
  const kind = kindModule(doc).noun
  const values = { kind, Kind: kind.charAt(0).toUpperCase() + kind.slice(1) }
  return Object.fromEntries(
    Object.entries({ ...copy.notices, ...adminCopy.tools.notices }).map(([key, notice]) => [
      key,
      { ...notice, title: fillTemplate(notice.title, values), text: fillTemplate(notice.text, values) },
    ]),
  )
}

/** The studio's notices on its lists' pages, which name no one document: a page's words. */
export const EDITOR_NOTICES: Record<string, AdminNotice> = editorNotices('')

export { documentWords } from '../kinds/copy'
import { documentWords } from '../kinds/copy'

/** A part's label: the studio's words for it, else its last key in words. */
export function rootLabel(root: string): string {
  const key = root.slice(root.lastIndexOf('.') + 1)
  return copy.roots[root] ?? copy.fields[key] ?? humanize(key)
}

/**
 * The values a posted editor form gives, part by part. A field drawn empty with its template's
 * starter text as placeholder, and sent empty, keeps that text in the draft (which must stay
 * whole to be previewed): the publish gate refuses it (starterErrors), and the form shows it as
 * a placeholder again, never as the author's words.
 */
export function readDocument(doc: string, roots: string[], form: FormInput): Record<string, unknown> {
  const schema = documentSchema(doc)
  let value = Object.fromEntries(roots.map((root) => [root, readValue(schemaAt(schema, root)!, form, root)]))
  for (const [name, starter] of Object.entries(form)) {
    if (!name.endsWith('.@starter') || typeof starter !== 'string') continue
    const field = name.slice(0, -'.@starter'.length)
    const key = field.slice(field.lastIndexOf('.') + 1)
    if (valueAt(value, field) === '' && isStarter(key, starter)) value = withValueAt(value, field, starter)
  }
  return value
}

/** A field still holding its template's starter text is drawn empty, with that text as its placeholder. */
function withPlaceholders(node: FormNode): FormNode {
  if (node.kind === 'text' && isStarter(node.key, node.value))
    return { ...node, value: '', placeholder: node.value, long: false }
  if (node.kind === 'group') return { ...node, children: node.children.map(withPlaceholders) }
  if (node.kind === 'list') return { ...node, items: node.items.map(withPlaceholders) }
  if (node.kind === 'variant')
    return {
      ...node,
      shared: node.shared.map(withPlaceholders),
      choices: node.choices.map((choice) => ({ ...choice, fields: choice.fields.map(withPlaceholders) })),
    }
  return node
}

/** The publish gate's refusals of a document's own kind (a page whose title or description is still its template's). */
export function starterErrors(doc: string, value: Record<string, unknown>): Record<string, string> {
  return kindModule(doc).gate?.(doc, value, adminCopy) ?? {}
}

/** A post's or a page's address is not a field once saved: it is shown, not edited (More moves a post). */
function fixSlug(node: FormNode, note: string): FormNode {
  if (node.kind !== 'group') return node
  return {
    ...node,
    children: node.children.map((child) =>
      child.name === `${node.name}.slug` && child.kind === 'text'
        ? { ...child, kind: 'fixed' as const, note }
        : child,
    ),
  }
}

export interface EditorState {
  value: Record<string, unknown>
  version: number
  state: DocumentState | null
  errors?: Record<string, string>
  stale?: FieldChange[]
  status?: number
  /** A new post: the form posts to /admin/posts/new. */
  isNew?: boolean
  /** What the last list button acted on: its folded section is drawn open (lib/list-focus.ts). */
  focus?: string
  /** A list's button was pressed: which, and whether it changed the list (its notice says so). */
  listChange?: { op: ListOperation; changed: boolean }
}

/** The notice a list's button answers with, naming the list as its errors name a field. */
function listNotice(change: EditorState['listChange'] & object, roots: Record<string, string>): AdminNotice {
  const notice = copy.listNotices[change.changed ? change.op.verb : 'unchanged']
  const list = `“${pathLabel(change.op.list, roots, { ...copy, sections: adminCopy.landing.sections })}”`
  return { ...notice, text: fillTemplate(notice.text, { list }) }
}

/** What a kind's editor may read of the studio, each read's failure shown as the page's own. */
const editorReads = (c: Context<AppEnv>): EditorReads => {
  const { posts, landingPages, shareLinks, content } = c.var.services.studio
  return {
    states: async () => valueOrNull(await content.states(), 'studio documents'),
    words: adminCopy,
    posts: {
      list: async () => valueOrNull(await posts.list(), 'posts'),
      inRepository: (slug) => posts.inRepository(slug),
    },
    landingPages: { inRepository: (slug) => landingPages.inRepository(slug) },
    shareLinks: { active: async (doc) => valueOrNull(await shareLinks.active(doc), 'share links') },
  }
}

/** Renders the editor of `doc` with these values. */
export async function showEditor(c: Context<AppEnv>, doc: string, editor: EditorState) {
  const { content, media } = c.var.services.studio
  const kind = kindModule(doc)
  const current = content.current()
  const [frame, pictures, site, notes] = await Promise.all([
    adminFrame(c, editorNotices(doc)),
    media.list(),
    current,
    current.then((site) => kind.notes(doc, site, editorReads(c), editor.isNew)),
  ])
  const schema = documentSchema(doc)
  const roots = Object.entries(editor.value).map(([root, value]) => {
    const node = formTree(schemaAt(schema, root)!, value, root)
    const fixed =
      notes.addressNote === undefined || editor.isNew
        ? node
        : withPlaceholders(fixSlug(node, notes.addressNote))
    return { node: fixed, label: rootLabel(root) }
  })
  const words = documentWords(doc)
  const title = editor.isNew ? adminCopy.posts.editor.newHeading : kind.title(doc, editor.value)
  // Where the site shows it now: a part of the copy's page, or a post's or a page's own address.
  const livePath = notes.onSite ? kind.path(doc) : undefined
  const rootLabels = Object.fromEntries(roots.map(({ node, label }) => [node.name, label]))
  const data: EditorData = {
    ...frame,
    ...(editor.listChange ? { notice: listNotice(editor.listChange, rootLabels) } : {}),
    doc,
    text: {
      meta: editor.isNew
        ? adminCopy.posts.editor.newMeta
        : { ...copy.editor.meta, title: `${title} · Admin` },
      heading: title,
      description: words?.description,
    },
    back: { href: PART_PATHS[partOf(doc)], label: kind.back },
    action: editor.isNew ? ADMIN_PATHS.newPost : documentHref(doc),
    roots,
    errors: editor.errors ?? {},
    version: editor.version,
    state: editor.state,
    pictures: (valueOrNull(pictures, 'media library') ?? []).map((item) => ({
      src: libraryPath(item.id, item.width, item.height, item.type),
      label: `${item.name} (${item.width} × ${item.height})${item.alt ? `: ${item.alt}` : ''}`,
      alt: item.alt,
    })),
    posts: site.posts.map((post) => ({ slug: post.slug, title: post.title })),
    stale: editor.stale,
    isNew: editor.isNew,
    share: notes.share,
    open: editor.focus ? [editor.focus] : [],
    unsaved:
      editor.focus !== undefined ||
      Boolean(editor.errors && Object.keys(editor.errors).length) ||
      Boolean(editor.stale),
    live: livePath && !editor.isNew ? `${c.var.siteOrigin}${livePath}` : undefined,
    // With no edition live, the site shows what it was built with, if anything (a page made here: nothing).
    builtIn: c.var.services.studio.history.hasRepositoryCopy(doc),
    postVerbs: notes.verbs,
  }
  const status = editor.status ?? (editor.errors && Object.keys(editor.errors).length ? 422 : 200)
  return c.render(documentEditorPage(data), { status })
}
