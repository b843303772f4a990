/**
 * The studio's posts: the repository's and the console's in one list, a new post under an
 * address nothing else holds, and the two verbs only posts have: take one off the site, and
 * revert a repository post to its file. Drafts, publish and history are the content service's,
 * as for every document.
 */
import { fail, ok, refuse, type Result } from '../../../lib/result'
import { postSlugSchema, type Post } from '../../../schemas/posts'
import type { PostListing, PostStatus } from '../../../schemas/studio-records'
import type { ContentStore, DocumentRow } from '../storage/content'
import type { PostAddresses } from '../storage/post-addresses'
import type { ContentService } from './content'
import { documentOf, sharingAddress, slugOf } from '../../../lib/document-kinds'
import { POST_PREFIX } from './content-build'

export type { PostListing, PostStatus } from '../../../schemas/studio-records'

type PostValue = { title?: string; date?: string; author?: string }

function statusOf(row: DocumentRow | undefined, inRepository: boolean): PostStatus {
  if (row?.unpublished) return 'unpublished'
  if (row?.publishAt) return 'scheduled'
  return inRepository || row?.published ? 'published' : 'draft'
}

export class PostDesk {
  constructor(
    private readonly store: ContentStore,
    private readonly content: ContentService,
    private readonly repository: readonly Post[],
    private readonly addresses: PostAddresses,
  ) {}

  /** Every post, newest date first. */
  async list(): Promise<Result<PostListing[]>> {
    const rows = await this.store.documents(POST_PREFIX)
    if (!rows.ok) return rows
    const bySlug = new Map(rows.value.map((row) => [slugOf(row.doc)!, row]))
    const slugs = new Set([...this.repository.map((post) => post.slug), ...bySlug.keys()])
    const listings = [...slugs].map((slug): PostListing => {
      const row = bySlug.get(slug)
      const inRepository = this.repository.some((post) => post.slug === slug)
      const edition = row?.draft ?? row?.published ?? {}
      const value = (this.content.valuesOf(documentOf('post', slug), edition)?.post ?? {}) as PostValue
      return {
        slug,
        title: value.title ?? slug,
        date: value.date ?? '',
        author: value.author ?? '',
        status: statusOf(row, inRepository),
        source: !inRepository ? 'console' : row?.published || row?.draft ? 'edited' : 'repository',
        scheduledAt: row?.publishAt ?? null,
      }
    })
    return ok(listings.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug)))
  }

  /**
   * Saves a new post's first draft; refused when a post (the repository's or the console's) or a
   * document of another kind (a landing page) has its address. The save's own statement refuses it
   * too, should one appear between this check and the save (storage/content.ts, review U7).
   */
  async create(value: { post: { slug: string } }, by: string): Promise<Result<string, 'taken' | 'invalid'>> {
    const doc = documentOf('post', value.post.slug)
    if (this.repository.some((post) => post.slug === value.post.slug)) return refuse('taken')
    const existing = await this.store.document(doc)
    if (!existing.ok) return existing
    if (existing.value) return refuse('taken')
    const other = await this.otherKindHolds(doc)
    if (!other.ok) return other
    if (other.value) return refuse('taken')
    const saved = await this.content.save(doc, value, 0, by)
    if (!saved.ok) {
      const { code } = saved.error
      if (code) return refuse(code === 'stale' ? 'taken' : code, { fields: saved.error.fields })
      return fail(saved.error.message, saved.error.retryable)
    }
    return ok(doc)
  }

  /** Takes a published post off the site; a repository post without an edition gets an empty one first. */
  async unpublish(slug: string, by: string): Promise<Result<boolean>> {
    const doc = documentOf('post', slug)
    const row = await this.store.document(doc)
    if (!row.ok) return row
    if (this.repository.some((post) => post.slug === slug) && !row.value?.published) {
      const live = await this.content.goLive({ doc, edition: {}, by, at: new Date().toISOString() })
      if (!live.ok) return live.error.code === 'stale' ? ok(false) : fail(live.error.message, true)
    }
    return this.content.unpublish(doc, by)
  }

  /** A repository post shown as its file again: an empty edition goes live (the history keeps the edited one). */
  async revert(slug: string, by: string): Promise<Result<boolean, 'stale'>> {
    if (!this.repository.some((post) => post.slug === slug)) return ok(false)
    return this.content.goLive({
      doc: documentOf('post', slug),
      edition: {},
      by,
      at: new Date().toISOString(),
      note: 'reverted',
    })
  }

  /**
   * Moves a console post to a new address, with its history; when it was ever on the site, its old
   * address answers 301 to the new one (a rule in Redirects). A repository post's address is its
   * file's name, so it cannot move here. Whether a redirect was made.
   */
  async move(
    from: string,
    to: string,
    by: string,
  ): Promise<Result<{ redirected: boolean }, 'repository' | 'invalid' | 'taken' | 'missing'>> {
    if (this.inRepository(from)) return refuse('repository')
    if (!postSlugSchema.safeParse(to).success) return refuse('invalid')
    if (to === from || this.inRepository(to)) return refuse('taken')
    const other = await this.otherKindHolds(documentOf('post', to))
    if (!other.ok) return other
    if (other.value) return refuse('taken')
    const row = await this.store.document(documentOf('post', from))
    if (!row.ok) return row
    if (!row.value) return refuse('missing')
    const redirected = row.value.published !== null
    const moved = await this.addresses.move({
      fromDoc: documentOf('post', from),
      toDoc: documentOf('post', to),
      slug: to,
      redirect: redirected ? { from: `/${from}`, to: `/${to}` } : null,
      by,
      at: new Date().toISOString(),
    })
    if (!moved.ok) return moved
    if (!moved.value) return refuse('taken')
    await this.content.stampChanged()
    return ok({ redirected })
  }

  /** Whether a document of another kind (the repository's or the studio's) has `doc`'s address. */
  private async otherKindHolds(doc: string): Promise<Result<boolean>> {
    for (const other of sharingAddress(doc)) {
      const opened = await this.content.open(other)
      if (!opened.ok) return opened
      if (opened.value) return ok(true)
    }
    return ok(false)
  }

  /** Whether the repository has a post at this address. */
  inRepository(slug: string): boolean {
    return this.repository.some((post) => post.slug === slug)
  }
}
