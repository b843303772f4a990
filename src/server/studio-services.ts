/**
 * The studio's services, for the composition root (server/isolate.ts): the content service over
 * the repository's copy and posts, and everything that edits through it (history, upkeep, posts,
 * landing pages and their share links, the media library, redirects). Each isolate's caches are handed in.
 */
import { landingPages } from '../content/landing'
import { posts } from '../content/pages/blog'
import { defaultSiteCopy } from '../content/site-copy'
import type { Bindings } from '../env'
import type { Result } from '../lib/result'
import type { Alerts } from './platform/services/alerts'
import { ContentService, type ContentCache } from './studio/services/content'
import { ContentHistory } from './studio/services/content-history'
import { ContentUpkeep } from './studio/services/content-upkeep'
import { MediaLibrary } from './studio/services/media-library'
import { PageDesk } from './studio/services/page-desk'
import { PostDesk } from './studio/services/post-desk'
import { RedirectService, type RedirectCache } from './studio/services/redirects'
import { ShareLinks } from './studio/services/share-links'
import { ContentStore } from './studio/storage/content'
import { ContentRevisions } from './studio/storage/content-revisions'
import { MediaStore } from './studio/storage/media'
import { PostAddresses } from './studio/storage/post-addresses'
import { RedirectStore } from './studio/storage/redirects'
import { ShareLinkStore } from './studio/storage/share-links'

/** The repository's copy, posts and landing pages: what the studio's editions override. */
const CONTENT_DEFAULTS = { copy: defaultSiteCopy, posts, pages: landingPages }

/** This isolate's share of the studio: the content stamp and site, the redirects, variants being made. */
export interface StudioCaches {
  content: ContentCache
  redirects: RedirectCache
  variantsMaking: Map<string, Promise<Result<ArrayBuffer | null>>>
}

export function studioServices(env: Bindings, caches: StudioCaches, alerts: Alerts) {
  const pictures = new MediaStore(env.DB, env.MEDIA)
  const content = new ContentService(new ContentStore(env.DB), CONTENT_DEFAULTS, caches.content, alerts)
  const redirects = new RedirectService(new RedirectStore(env.DB), content, caches.redirects)
  return {
    content,
    history: new ContentHistory(new ContentRevisions(env.DB), content, pictures),
    upkeep: new ContentUpkeep(new ContentStore(env.DB), content),
    posts: new PostDesk(new ContentStore(env.DB), content, CONTENT_DEFAULTS.posts, new PostAddresses(env.DB)),
    landingPages: new PageDesk(
      new ContentStore(env.DB),
      content,
      redirects,
      CONTENT_DEFAULTS.pages,
      new PostAddresses(env.DB),
    ),
    shareLinks: new ShareLinks(new ShareLinkStore(env.DB)),
    media: new MediaLibrary(pictures, env.IMAGES, caches.variantsMaking),
    redirects,
    /** The translation desk (console only: a chunk of its own, loaded with the first translation page). */
    translations: async () =>
      (await import('./studio/services/translation-desk')).translationDesk(content, env.DB),
  }
}
