/**
 * The studio's lists and the verbs only posts have (admins and editors): /admin/content, the
 * parts of the site; /admin/posts, every post; a new post; taking a post off the site; moving a
 * console post to a new address; and reverting a repository post to its file. Each document's editor is studio/routes/admin/documents.ts.
 */
import { Hono, type Context } from 'hono'
import { adminCopy } from '../../../../content/admin'
import { documentHref } from '../../../../lib/admin-links'
import { documentOf } from '../../../../lib/document-kinds'
import { localeOfDocument } from '../../../../lib/locale-documents'
import { DEFAULT_LOCALE, locales } from '../../../../lib/locales'
import { fillTemplate } from '../../../../lib/template'
import type { FormInput } from '../../../../lib/schema-form'
import { blankOf } from '../../../../lib/schema-form-lists'
import { contentListPage } from '../../../../pages/admin/ContentListPage'
import { postsPage } from '../../../../pages/admin/PostsPage'
import { UNPUBLISH_QUESTIONS, unpublishPage } from '../../../../pages/admin/UnpublishPage'
import { postDraftSchema } from '../../../../schemas/posts'
import type { AppEnv } from '../../../app-env'
import { recordActivity, allow, adminFrame, adminName, backWith, valueOrNull } from '../../../people/http'
import { EDITOR_NOTICES, readDocument, showEditor } from '../../render/studio-editor'
import { POST_PREFIX } from '../../services/content-build'
import { KINDS } from '../../kinds'

type Ctx = Context<AppEnv>

export const adminStudio = new Hono<AppEnv>()

adminStudio.get('/content', allow('translate'), async (c) => {
  const desk = await c.var.services.studio.translations()
  // A translator may open only their locales' editions (middleware/translator-locale.ts): the list shows no other.
  const person = c.var.admin!
  const translator = person.role === 'translator'
  const others = locales().filter(
    (row) => row.code !== DEFAULT_LOCALE && (!translator || person.locales?.includes(row.code)),
  )
  const { content } = c.var.services.studio
  const [frame, states, progress, site] = await Promise.all([
    adminFrame(c, { ...EDITOR_NOTICES, ...adminCopy.translationFiles.notices }),
    content.states(),
    Promise.all(others.map((row) => desk.progress(row.code))),
    content.current(),
  ])
  const known = valueOrNull(states, 'studio documents')
  // The documents of a kind listed beside the copy's (posts' and landing pages' locale editions, for
  // their translators); a translator sees those in their own locales only.
  const listed = (kind: (typeof KINDS)[keyof typeof KINDS]) => kind.listed?.(known!, site, adminCopy) ?? []
  const more = (known ? Object.values(KINDS).flatMap(listed) : []).filter(
    (item) => !translator || others.some((row) => row.code === localeOfDocument(item.doc)?.code),
  )
  const languages = adminCopy.translations.languages as Record<string, string>
  const translations = others.map((row, i) => ({
    code: row.code,
    language: languages[row.code] ?? row.name,
    progress: progress[i]!,
  }))
  const needs = c.req.query('needs')
  // Each part's name opens the translator's (first) locale edition, never the English they may not open.
  const editionsOf = translator ? others[0]?.code : undefined
  return c.render(contentListPage({ ...frame, states: known, more, translations, needs, editionsOf }))
})

adminStudio.get('/posts', allow('content'), async (c) => {
  const [frame, posts] = await Promise.all([
    adminFrame(c, EDITOR_NOTICES),
    c.var.services.studio.posts.list(),
  ])
  return c.render(postsPage({ ...frame, posts: valueOrNull(posts, 'posts') }))
})

/** A new post starts empty but for today's date and its author, who is you. */
const newPost = (c: Ctx) => ({
  post: {
    ...(blankOf(postDraftSchema) as object),
    date: new Date().toISOString().slice(0, 10),
    author: adminName(c),
  },
})

adminStudio.get('/posts/new', allow('content'), (c) =>
  showEditor(c, POST_PREFIX, { value: newPost(c), version: 0, state: null, isNew: true }),
)

adminStudio.post('/posts/new', allow('content'), async (c) => {
  const form: FormInput = await c.req.parseBody().catch(() => ({}))
  const value = readDocument(POST_PREFIX, ['post'], form) as { post: { slug: string } }
  const editor = { value, version: 0, state: null, isNew: true }
  const { posts } = c.var.services.studio
  const created = await posts.create(value, adminName(c))
  const errors = !created.ok && created.error.fields
  if (errors) return showEditor(c, POST_PREFIX, { ...editor, errors })
  if (!created.ok && created.error.code === 'taken') {
    const page = await landingPageAt(c, value.post.slug)
    const taken = page
      ? fillTemplate(adminCopy.landing.taken.page, { title: page })
      : adminCopy.posts.editor.taken
    return showEditor(c, POST_PREFIX, { ...editor, errors: { 'post.slug': taken }, status: 409 })
  }
  if (!created.ok) return showEditor(c, POST_PREFIX, { ...editor, status: 503 })
  await recordActivity(c, 'post-created', { subject: created.value })
  return backWith(c, documentHref(created.value), 'created')
})

/** Take off the site asks first: the post's question, on a page of its own. */
adminStudio.get('/posts/:id/unpublish', allow('content'), async (c) => {
  const slug = c.req.param('id')
  const doc = documentOf('post', slug)
  const posts = await c.var.services.studio.posts.list()
  if (!posts.ok) return backWith(c, documentHref(doc), 'failed')
  const post = posts.value.find((one) => one.slug === slug)
  // Not on the site nor scheduled (a draft, or taken off already): its editor says where it stands.
  if (post?.status !== 'published' && post?.status !== 'scheduled') return c.redirect(documentHref(doc), 303)
  const frame = await adminFrame(c, EDITOR_NOTICES)
  const action = documentHref(doc, 'unpublish')
  const data = {
    ...frame,
    question: UNPUBLISH_QUESTIONS.posts,
    path: `/${slug}`,
    title: post.title,
    action,
    back: documentHref(doc),
  }
  return c.render(unpublishPage(data))
})

adminStudio.post('/posts/:id/unpublish', allow('content'), async (c) => {
  const slug = c.req.param('id')
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  // Not answered (an old form, a replayed post): the question, and nothing taken off.
  if (form.confirm !== 'yes') return c.redirect(documentHref(documentOf('post', slug), 'unpublish'), 303)
  const done = await c.var.services.studio.posts.unpublish(slug, adminName(c))
  if (done.ok && done.value)
    await recordActivity(c, 'post-unpublished', { subject: documentOf('post', slug) })
  return backWith(c, documentHref(documentOf('post', slug)), done.ok ? 'unpublished' : 'failed')
})

adminStudio.post('/posts/:id/revert', allow('content'), async (c) => {
  const slug = c.req.param('id')
  const done = await c.var.services.studio.posts.revert(slug, adminName(c))
  if (done.ok && !done.value) return c.notFound()
  if (done.ok) await recordActivity(c, 'post-reverted', { subject: documentOf('post', slug) })
  return backWith(c, documentHref(documentOf('post', slug)), done.ok ? 'reverted' : 'failed')
})

/** The title of the landing page at `/<slug>`, when one holds it (one address space: review U7). */
async function landingPageAt(c: Ctx, slug: string): Promise<string | undefined> {
  const holder = await c.var.services.studio.landingPages.holderOf(slug)
  return holder.ok && holder.value?.holder === 'page' ? holder.value.title : undefined
}

/** Notices a move ends with, by what the post desk answered. */
const MOVE_NOTICES = {
  repository: 'moveRepository',
  invalid: 'moveInvalid',
  taken: 'moveTaken',
  missing: 'failed',
} as const

adminStudio.post('/posts/:id/address', allow('content'), async (c) => {
  const from = c.req.param('id')
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const to = typeof form.slug === 'string' ? form.slug.trim() : ''
  const moved = await c.var.services.studio.posts.move(from, to, adminName(c))
  if (!moved.ok && moved.error.code === 'missing') return c.notFound()
  if (!moved.ok) {
    const code = moved.error.code
    const notice = code === 'taken' && (await landingPageAt(c, to)) ? 'moveTakenPage' : undefined
    return backWith(
      c,
      documentHref(documentOf('post', from)),
      notice ?? (code ? MOVE_NOTICES[code] : 'failed'),
    )
  }
  await recordActivity(c, 'post-moved', { subject: documentOf('post', to), detail: `/${from}` })
  return backWith(c, documentHref(documentOf('post', to)), moved.value.redirected ? 'moved' : 'movedDraft')
})
