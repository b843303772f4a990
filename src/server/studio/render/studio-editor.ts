/**
 * The studio's editor page for any document (a part of the copy, a post), shared by its routes:
 * the form tree of the document's values (lib/schema-form.ts), what the pickers offer (the media
 * library's pictures, the published posts), and where the document stands.
 */
import type { Context } from 'hono'
import { humanize, pathLabel } from '../../../components/admin/SchemaFields'
import { adminCopy } from '../../../content/admin'
import { ADMIN_PATHS, documentHref } from '../../../lib/admin-links'
import { libraryPath } from '../../../lib/library'
import { formTree, readValue, type FormInput, type FormNode } from '../../../lib/schema-form'
import { documentEditorPage, type EditorData } from '../../../pages/admin/DocumentEditorPage'
import type { AdminNotice } from '../../../schemas/admin-words'
import type { DocumentState } from '../../../schemas/studio-records'
import { schemaAt } from '../../../lib/schema-walk'
import type { AppEnv } from '../../app-env'
import { kindOf, slugOf } from '../../../lib/document-kinds'
import { EDITABLE_DOCUMENTS } from '../../../content/documents'
import { documentSchema } from '../services/content-build'
import { adminFrame, valueOrNull } from '../../people/http'
import { valueAt, withValueAt, type FieldChange } from '../../../lib/edition'
import { STARTER_TEXT } from '../../../content/landing-templates'
import type { ListOperation } from '../../../lib/schema-form-lists'
import { fillTemplate } from '../../../lib/template'

const copy = adminCopy.studio

/** The editor's notices for `doc`, by the key a redirect names, each naming its kind of document: a landing page, a post, a page. */
export function editorNotices(doc: string): Record<string, AdminNotice> {
  const kind = copy.kinds[kindOf(doc)]
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

/** A document's name and line in the studio's words (undefined for a post). */
export const documentWords = (doc: string) =>
  (copy.documents as Record<string, { title: string; description: string } | undefined>)[doc]

/** A part's label: the studio's words for it, else its last key in words. */
export function rootLabel(root: string): string {
  const key = root.slice(root.lastIndexOf('.') + 1)
  return copy.roots[root] ?? copy.fields[key] ?? humanize(key)
}

const isStarter = (key: string, value: string) =>
  (STARTER_TEXT as Record<string, readonly string[] | undefined>)[key]?.includes(value) ?? false

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

/** The publish gate's refusal of a page whose title or description is still its template's. */
export function starterErrors(doc: string, value: Record<string, unknown>): Record<string, string> {
  if (kindOf(doc) !== 'page') return {}
  const page = (value.page ?? {}) as { title?: unknown; description?: unknown }
  const words = adminCopy.landing.gate
  return {
    ...(isStarter('title', String(page.title)) ? { 'page.title': words.starterTitle } : {}),
    ...(isStarter('description', String(page.description))
      ? { 'page.description': words.starterDescription }
      : {}),
  }
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

/** What the address field of a saved post or page says in place of an input. */
const ADDRESS_NOTES = {
  post: adminCopy.posts.editor.slugFixed,
  page: adminCopy.landing.new.slugFixed,
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

/** Renders the editor of `doc` with these values. */
export async function showEditor(c: Context<AppEnv>, doc: string, editor: EditorState) {
  const { content, media, posts, shareLinks } = c.var.services.studio
  const [frame, pictures, site, listing, share] = await Promise.all([
    adminFrame(c, editorNotices(doc)),
    media.list(),
    content.current(),
    kindOf(doc) === 'post' ? posts.list() : Promise.resolve(undefined),
    kindOf(doc) === 'page' ? shareLinks.active(doc) : Promise.resolve(undefined),
  ])
  const schema = documentSchema(doc)
  const kind = kindOf(doc)
  const isPost = kind === 'post'
  const slug = slugOf(doc) ?? ''
  const pageInRepository = c.var.services.studio.landingPages.inRepository(slug)
  const roots = Object.entries(editor.value).map(([root, value]) => {
    const node = formTree(schemaAt(schema, root)!, value, root)
    // A page made here moves from More, as a post does; the repository's keeps its address.
    const note =
      kind === 'page' && !pageInRepository
        ? adminCopy.tools.move.fixed
        : ADDRESS_NOTES[kind as 'post' | 'page']
    const fixed = kind === 'copy' || editor.isNew ? node : withPlaceholders(fixSlug(node, note))
    return { node: fixed, label: rootLabel(root) }
  })
  const words = documentWords(doc)
  const title =
    kind === 'copy'
      ? (words?.title ?? doc)
      : editor.isNew
        ? adminCopy.posts.editor.newHeading
        : String((editor.value[kind] as { title?: string } | undefined)?.title ?? slug)
  const listed = (listing ? valueOrNull(listing, 'posts') : null)?.find((post) => post.slug === slug)
  const onSite = kind === 'page' && site.pages.some((page) => page.slug === slug)
  // Where the site shows it now: a part of the copy's page, or a post's or a page's own address.
  const livePath =
    kind === 'copy'
      ? EDITABLE_DOCUMENTS.find((document) => document.id === doc)?.page
      : onSite || (isPost && site.posts.some((post) => post.slug === slug))
        ? `/${slug}`
        : undefined
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
    back: {
      copy: { href: ADMIN_PATHS.content, label: copy.editor.back },
      post: { href: ADMIN_PATHS.posts, label: copy.editor.backPosts },
      page: { href: ADMIN_PATHS.landing, label: copy.editor.backPages },
    }[kind],
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
    share: share && valueOrNull(share, 'share links'),
    open: editor.focus ? [editor.focus] : [],
    unsaved:
      editor.focus !== undefined ||
      Boolean(editor.errors && Object.keys(editor.errors).length) ||
      Boolean(editor.stale),
    live: livePath && !editor.isNew ? `${c.var.siteOrigin}${livePath}` : undefined,
    // With no edition live, the site shows what it was built with, if anything (a page made here: nothing).
    builtIn: c.var.services.studio.history.hasRepositoryCopy(doc),
    postVerbs:
      // A page on the site now, the repository's too before any edit, can be taken off it; a page
      // made here can move to a new address.
      kind === 'page'
        ? { unpublish: onSite, revert: false, move: !pageInRepository }
        : isPost && !editor.isNew
          ? {
              unpublish: listed?.status === 'published' || listed?.status === 'scheduled',
              revert: posts.inRepository(slug) && listed?.source === 'edited',
              move: !posts.inRepository(slug),
            }
          : undefined,
  }
  const status = editor.status ?? (editor.errors && Object.keys(editor.errors).length ? 422 : 200)
  return c.render(documentEditorPage(data), { status })
}
