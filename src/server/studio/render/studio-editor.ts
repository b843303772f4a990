/**
 * The studio's editor page for any document (a part of the copy, a post), shared by its routes:
 * the form tree of the document's values (lib/schema-form.ts), what the pickers offer (the media
 * library's pictures, the published posts), and where the document stands.
 */
import type { Context } from 'hono'
import { humanize } from '../../../components/admin/SchemaFields'
import { adminCopy } from '../../../content/admin'
import { ADMIN_PATHS, documentHref } from '../../../lib/admin-links'
import { libraryPath } from '../../../lib/library'
import { formTree, readValue, type FormInput, type FormNode } from '../../../lib/schema-form'
import { documentEditorPage, type EditorData } from '../../../pages/admin/DocumentEditorPage'
import type { AdminNotice } from '../../../schemas/admin-copy'
import type { DocumentState } from '../../../schemas/studio-records'
import { schemaAt } from '../../../lib/schema-walk'
import type { AppEnv } from '../../app-env'
import { kindOf, slugOf } from '../../../lib/document-kinds'
import { documentSchema } from '../services/content-build'
import { adminFrame, valueOrNull } from '../../people/http'
import { renderPage } from '../../platform/http'
import type { FieldChange } from '../../../lib/edition'

const copy = adminCopy.studio

/** The editor's notices, by the key a redirect names. */
export const EDITOR_NOTICES: Record<string, AdminNotice> = copy.notices

/** A document's name and line in the studio's words (undefined for a post). */
export const documentWords = (doc: string) =>
  (copy.documents as Record<string, { title: string; description: string } | undefined>)[doc]

/** A part's label: the studio's words for it, else its last key in words. */
export function rootLabel(root: string): string {
  const key = root.slice(root.lastIndexOf('.') + 1)
  return copy.roots[root] ?? copy.fields[key] ?? humanize(key)
}

/** The values a posted editor form gives, part by part. */
export function readDocument(doc: string, roots: string[], form: FormInput): Record<string, unknown> {
  const schema = documentSchema(doc)
  return Object.fromEntries(roots.map((root) => [root, readValue(schemaAt(schema, root)!, form, root)]))
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
}

/** Renders the editor of `doc` with these values. */
export async function showEditor(c: Context<AppEnv>, doc: string, editor: EditorState) {
  const { content, media, posts, shareLinks } = c.var.services.studio
  const [frame, pictures, site, listing, share] = await Promise.all([
    adminFrame(c, EDITOR_NOTICES),
    media.list(),
    content.current(),
    kindOf(doc) === 'post' ? posts.list() : Promise.resolve(undefined),
    kindOf(doc) === 'page' ? shareLinks.active(doc) : Promise.resolve(undefined),
  ])
  const schema = documentSchema(doc)
  const kind = kindOf(doc)
  const isPost = kind === 'post'
  const slug = slugOf(doc) ?? ''
  const roots = Object.entries(editor.value).map(([root, value]) => {
    const node = formTree(schemaAt(schema, root)!, value, root)
    const fixed = kind === 'copy' || editor.isNew ? node : fixSlug(node, ADDRESS_NOTES[kind])
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
  const data: EditorData = {
    ...frame,
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
    postVerbs:
      // A page on the site now, the repository's too before any edit, can be taken off it.
      kind === 'page' && site.pages.some((page) => page.slug === slug)
        ? { unpublish: true, revert: false, move: false }
        : isPost && !editor.isNew
          ? {
              unpublish: listed?.status === 'published' || listed?.status === 'scheduled',
              revert: posts.inRepository(slug) && listed?.source === 'edited',
              move: !posts.inRepository(slug),
            }
          : undefined,
  }
  const status = editor.status ?? (editor.errors && Object.keys(editor.errors).length ? 422 : 200)
  return renderPage(c, documentEditorPage(data), { status })
}
