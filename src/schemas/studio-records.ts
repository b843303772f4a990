/**
 * The studio's records as plain types: the services and storage produce them, the console's
 * pages render them (pages may not import the server). One definition for both sides.
 */
import type { FieldChange } from '../lib/edition'
import type { RedirectRule } from '../lib/redirect-rules'
import type { RedirectRefusal } from './admin-outcomes'

/** Where a document stands: its draft, its live edition, its schedule. */
export interface DocumentState {
  /** The draft version a save starts from (0: never saved). */
  draftVersion: number
  hasDraft: boolean
  draftBy: string | null
  draftAt: string | null
  /** An edition is live (else the repository's copy shows, or a console post is not out yet). */
  live: boolean
  publishedAt: string | null
  publishedBy: string | null
  publishAt: string | null
  publishBy: string | null
  unpublished: boolean
}

export type StudioStatus = 'repository' | 'live' | 'draft' | 'scheduled' | 'unpublished'

/** What the lists say of a document. */
export function studioStatusOf(state: DocumentState | null): StudioStatus {
  if (!state) return 'repository'
  if (state.unpublished) return 'unpublished'
  if (state.publishAt) return 'scheduled'
  if (state.hasDraft) return 'draft'
  return state.live ? 'live' : 'repository'
}

export type PostStatus = 'draft' | 'scheduled' | 'published' | 'unpublished'

export interface PostListing {
  slug: string
  title: string
  date: string
  author: string
  status: PostStatus
  /** Where it was written: a repository file, edited here or not, or the console. */
  source: 'repository' | 'edited' | 'console'
  /** When its scheduled publish is due. */
  scheduledAt: string | null
}

/** What the landing pages' list says of one. */
export interface LandingListing {
  slug: string
  title: string
  status: PostStatus
  /** When its live edition was published. */
  publishedAt: string | null
  /** When its scheduled publish is due. */
  scheduledAt: string | null
}

/** A share link to a landing page's draft (its token is never kept). */
export interface ShareLink {
  id: string
  doc: string
  madeBy: string
  madeAt: string
  expiresAt: string
}

export type LibraryType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/avif'

/** A picture of the media library. */
export interface MediaItem {
  id: string
  type: LibraryType
  width: number
  height: number
  bytes: number
  /** Empty for a decorative picture. */
  alt: string
  decorative: boolean
  /** The file's name as uploaded (shown in the list only). */
  name: string
  uploadedBy: string
  uploadedAt: string
}

/** One publish of a document, with what it changed against the one before. */
export interface RevisionEntry {
  id: number
  publishedAt: string
  publishedBy: string
  note: string | null
  changes: FieldChange[]
}

/**
 * What a redirects CSV would do (studio/services/redirect-import.ts), shown before it is applied: the
 * rules it adds, those it changes (by the file, or re-pointed so no chain is left), how many are
 * already so, and each line it refuses with why.
 */
export interface RedirectImportPlan {
  added: RedirectRule[]
  changed: { rule: RedirectRule; before: string }[]
  unchanged: number
  refused: {
    line: number
    from: string
    to: string
    code: RedirectRefusal | 'too-many'
    /** Where a chain's next rule sends (the one-hop target to use instead). */
    next?: string
  }[]
}
