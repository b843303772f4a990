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
import type { Alerts } from './services/alerts'
import { ContentService, type ContentCache } from './services/content'
import { ContentHistory } from './services/content-history'
import { ContentUpkeep } from './services/content-upkeep'
import { MediaLibrary } from './services/media-library'
import { PageDesk } from './services/page-desk'
import { PostDesk } from './services/post-desk'
import { RedirectService, type RedirectCache } from './services/redirects'
import { ShareLinks } from './services/share-links'
import { ContentStore } from './storage/content'
import { ContentRevisions } from './storage/content-revisions'
import { MediaStore } from './storage/media'
import { PostAddresses } from './storage/post-addresses'
import { RedirectStore } from './storage/redirects'
import { ShareLinkStore } from './storage/share-links'

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
    contentHistory: new ContentHistory(new ContentRevisions(env.DB), content, pictures),
    contentUpkeep: new ContentUpkeep(new ContentStore(env.DB), content),
    posts: new PostDesk(new ContentStore(env.DB), content, CONTENT_DEFAULTS.posts, new PostAddresses(env.DB)),
    landingPages: new PageDesk(new ContentStore(env.DB), content, redirects, CONTENT_DEFAULTS.pages),
    shareLinks: new ShareLinks(new ShareLinkStore(env.DB)),
    media: new MediaLibrary(pictures, env.IMAGES, caches.variantsMaking),
    redirects,
  }
}
