/**
 * The studio's landing pages (issue 45): the list, and a new page under an address nothing else
 * holds, started blank, from the campaign template, or as a copy of another page. Drafts,
 * preview, publish, schedule and history are the content service's, as for every document; the
 * publish gate is its check (studio/services/composed-pages.ts).
 */
import { LANDING_TEMPLATES, type LandingTemplate } from '../../../content/landing-templates'
import { documentOf, slugOf } from '../../../lib/document-kinds'
import { localeOfDocument } from '../../../lib/locale-documents'
import { fail, ok, refuse, type Result } from '../../../lib/result'
import { pageRoutes } from '../../../pages/page-table'
import { pageSlugSchema, type ComposedPageDraft } from '../../../schemas/composed-pages'
import type { LandingListing, PostStatus } from '../../../schemas/studio-records'
import type { ContentStore, DocumentRow } from '../storage/content'
import type { PostAddresses } from '../storage/post-addresses'
import type { ContentService } from './content'
import type { RedirectService } from './redirects'

export type { LandingListing } from '../../../schemas/studio-records'

/** Who holds an address already: a fixed page, a post, a landing page or a redirect rule. */
export type AddressHolder =
  { holder: 'route' | 'redirect'; path: string } | { holder: 'post' | 'page'; title: string }

/** What a new page starts from: a template, or a copy of the page at that address. */
export type PageStart = { template: LandingTemplate } | { copyOf: string }

/** Lower-case words joined by hyphens (schemas/posts.ts says which are reserved). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

function statusOf(row: DocumentRow): PostStatus {
  if (row.unpublished) return 'unpublished'
  if (row.publishAt) return 'scheduled'
  return row.published ? 'published' : 'draft'
}

const titleOf = (value: Record<string, unknown> | undefined, root: 'post' | 'page', slug: string) =>
  String((value?.[root] as { title?: string } | undefined)?.title ?? slug)

export class PageDesk {
  constructor(
    private readonly store: ContentStore,
    private readonly content: ContentService,
    private readonly redirects: RedirectService,
    /** The repository's landing pages: live until the studio takes one off, though never saved here. */
    private readonly repositoryPages: readonly ComposedPageDraft[],
    /** Moves a document to a new address, with its history and a 301 (posts move the same way). */
    private readonly addresses: PostAddresses,
  ) {}

  /** Every landing page, the studio's and the repository's, by address. */
  async list(): Promise<Result<LandingListing[]>> {
    const rows = await this.store.documents(documentOf('page', ''))
    if (!rows.ok) return rows
    // A page's translations (page:<slug>@de) are reached from its editor, not listed as pages.
    const pages = rows.value.filter((row) => !localeOfDocument(row.doc))
    const listed: LandingListing[] = pages.map((row) => {
      const slug = slugOf(row.doc)!
      const value = this.content.valuesOf(row.doc, row.draft ?? row.published ?? {})
      return {
        slug,
        title: titleOf(value, 'page', slug),
        status: statusOf(row),
        publishedAt: row.publishedAt,
        scheduledAt: row.publishAt,
      }
    })
    const saved = new Set(listed.map((page) => page.slug))
    for (const page of this.repositoryPages)
      if (!saved.has(page.slug))
        listed.push({
          slug: page.slug,
          title: page.title,
          status: 'published',
          publishedAt: null,
          scheduledAt: null,
        })
    return ok(listed.sort((a, b) => a.slug.localeCompare(b.slug)))
  }

  /** Who has `/<slug>` now, if anyone: a fixed page, a post (published or not), a landing page, a redirect. */
  async holderOf(slug: string): Promise<Result<AddressHolder | null>> {
    const path = `/${slug}`
    if (pageRoutes.some((route) => route.path === path)) return ok({ holder: 'route', path })
    for (const kind of ['post', 'page'] as const) {
      const doc = documentOf(kind, slug)
      const opened = await this.content.open(doc)
      if (!opened.ok) return opened
      if (opened.value) return ok({ holder: kind, title: titleOf(opened.value.value, kind, slug) })
    }
    if (await this.redirects.lookup(path)) return ok({ holder: 'redirect', path })
    return ok(null)
  }

  /**
   * Saves a new page's first draft at `/<slug>`: its document's name, or who holds the address.
   * Refused when the address is malformed, or when the page to copy does not exist.
   */
  async create(
    slug: string,
    start: PageStart,
    by: string,
  ): Promise<Result<{ created: string } | { taken: AddressHolder }, 'invalid' | 'missing'>> {
    if (!SLUG.test(slug)) return refuse('invalid')
    const holder = await this.holderOf(slug)
    if (!holder.ok) return holder
    if (holder.value) return ok({ taken: holder.value })
    // The console's, the APIs' and the other reserved addresses the site answers itself.
    if (!pageSlugSchema.safeParse(slug).success) return ok({ taken: { holder: 'route', path: `/${slug}` } })
    let from: Omit<ComposedPageDraft, 'slug'>
    if ('template' in start) from = LANDING_TEMPLATES[start.template]
    else {
      const original = await this.content.open(documentOf('page', start.copyOf))
      if (!original.ok) return original
      if (!original.value) return refuse('missing')
      from = original.value.value.page as ComposedPageDraft
    }
    const doc = documentOf('page', slug)
    const saved = await this.content.save(doc, { page: { ...from, slug } }, 0, by)
    if (!saved.ok) {
      // Another document took the address between the check and the save, whose own statement
      // refused it (storage/content.ts): say which.
      if (saved.error.code === 'stale') {
        const now = await this.holderOf(slug)
        return ok({ taken: (now.ok && now.value) || { holder: 'page', title: slug } })
      }
      return fail(saved.error.message, saved.error.retryable)
    }
    return ok({ created: doc })
  }

  /**
   * Moves a page made here to a new address, with its history and share links; when it was ever on
   * the site, its old address answers 301 to the new one (a rule in Redirects), as a moved post's
   * does (PostDesk.move). A repository page keeps its address. Whether a redirect was made.
   */
  async move(
    from: string,
    to: string,
    by: string,
  ): Promise<Result<{ redirected: boolean }, 'repository' | 'invalid' | 'taken' | 'missing'>> {
    if (this.inRepository(from)) return refuse('repository')
    if (!SLUG.test(to) || !pageSlugSchema.safeParse(to).success) return refuse('invalid')
    if (to === from || this.inRepository(to)) return refuse('taken')
    const holder = await this.holderOf(to)
    if (!holder.ok) return holder
    // A rule from the new address is dropped by the move only when it sends visitors to this page
    // (a page moved back where it was); any other holder keeps its address.
    const back =
      holder.value?.holder === 'redirect' && (await this.redirects.lookup(`/${to}`))?.location === `/${from}`
    if (holder.value && !back) return refuse('taken')
    const row = await this.store.document(documentOf('page', from))
    if (!row.ok) return row
    if (!row.value) return refuse('missing')
    const redirected = row.value.published !== null
    const moved = await this.addresses.move({
      fromDoc: documentOf('page', from),
      toDoc: documentOf('page', to),
      slug: to,
      root: 'page',
      shareLinks: true,
      redirect: redirected ? { from: `/${from}`, to: `/${to}` } : null,
      by,
      at: new Date().toISOString(),
    })
    if (!moved.ok) return moved
    if (!moved.value) return refuse('taken')
    await this.content.stampChanged()
    return ok({ redirected })
  }

  /** Whether the repository has a landing page at this address (it keeps its address: it cannot move). */
  inRepository(slug: string): boolean {
    return this.repositoryPages.some((page) => page.slug === slug)
  }

  /** Takes a live page off the site (410 Gone); a repository page without an edition gets an empty one first. */
  async unpublish(slug: string, by: string): Promise<Result<boolean>> {
    const doc = documentOf('page', slug)
    const row = await this.store.document(doc)
    if (!row.ok) return row
    if (this.repositoryPages.some((page) => page.slug === slug) && !row.value?.published) {
      const live = await this.content.goLive({ doc, edition: {}, by, at: new Date().toISOString() })
      if (!live.ok) return live.error.code === 'stale' ? ok(false) : fail(live.error.message, true)
    }
    return this.content.unpublish(doc, by)
  }
}
