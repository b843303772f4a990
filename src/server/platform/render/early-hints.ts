import { imagePreloadsFor } from '../../../lib/media'
import type { PageMeta } from '../../../schemas/page-module'

/**
 * The `Link` header of an HTML answer: the stylesheet and, on a page that has one, its largest
 * paint, described exactly as the document's own <link rel=preload> tags (imagePreloadsFor). Cloudflare
 * caches these and sends them as 103 Early Hints while the worker is still rendering, so a distant
 * visitor's browser starts both fetches one round trip sooner. Both are same-origin, which the CSP
 * allows (style-src and img-src 'self').
 */
export function preloadLinkHeader(stylesheet: string, meta: PageMeta): string {
  const links = [`<${stylesheet}>; rel=preload; as=style`]
  if (meta.preloadImage) {
    const { src, sizes, portrait } = meta.preloadImage
    for (const image of imagePreloadsFor(src, sizes, portrait)) {
      const parts = [`<${image.href}>`, 'rel=preload', 'as=image', 'fetchpriority=high']
      if (image.type) parts.push(`type="${image.type}"`)
      if (image.media) parts.push(`media="${image.media}"`)
      if (image.srcSet) parts.push(`imagesrcset="${image.srcSet}"`)
      if (image.sizes) parts.push(`imagesizes="${image.sizes}"`)
      links.push(parts.join('; '))
    }
  }
  return links.join(', ')
}
