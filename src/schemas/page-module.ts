import type { ComponentType } from 'react'
import type { PortraitSource } from '../lib/picture'

/**
 * What every page hands the document: its head data and its body. Here in schemas/ (not pages/)
 * so that components may type their props with it without importing the page layer.
 */
export interface PageMeta {
  title: string
  description: string
  /** Keep out of search engines and the sitemap. */
  noindex?: boolean
  /**
   * The page's largest paint, fetched together with the stylesheet; `sizes` (and a cover's
   * `portrait` crop) as the image shows it, so a built raster is preloaded at the width the device
   * will pick.
   */
  preloadImage?: { src: string; sizes: string; portrait?: PortraitSource }
  /** A post: Open Graph says article, when it was published, and its own card (else the site's). */
  article?: { publishedTime: string; image?: { url: string; alt: string } }
  /** The social card (1200 × 630) when not the site's own; a post's is `article.image`. */
  card?: { url: string; alt: string }
  /** A console page: drawn in the console's own document (pages/admin/ConsoleDocument.tsx), not the site's. */
  console?: boolean
  /** The page shows the Schedule call form (its CSP lets in Turnstile's challenge frame when it is on). */
  contactForm?: boolean
  /**
   * Its form draws hidden fields from the campaign parameters of the visit's address (issue 63):
   * a request with `utm_*` in its address is drawn fresh, never served from or kept in the page cache.
   */
  visitCampaign?: boolean
  /** Structured data (JSON-LD) for the head; a function when it needs the request's origin. */
  jsonLd?: Record<string, unknown> | ((origin: string) => Record<string, unknown>)
}

/** One page: its head data and its body. Pages read no env and make no calls. */
export interface PageModule {
  meta: PageMeta
  Page: ComponentType
}
