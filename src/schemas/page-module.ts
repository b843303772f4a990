import type { ComponentType } from 'react'

/**
 * What every page hands the document: its head data and its body. Here in schemas/ (not pages/)
 * so that components may type their props with it without importing the page layer.
 */
export interface PageMeta {
  title: string
  description: string
  /** Keep out of search engines and the sitemap. */
  noindex?: boolean
  /** The page's largest paint, fetched together with the stylesheet. */
  preloadImage?: string
  /** Structured data (JSON-LD) for the head. */
  jsonLd?: Record<string, unknown>
}

/** One page: its head data and its body. Pages read no env and make no calls. */
export interface PageModule {
  meta: PageMeta
  Page: ComponentType
}
