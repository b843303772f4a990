import { posts } from 'virtual:content/blog'
import type { BlogIndexCopy } from '../../schemas/pages'

/**
 * The posts are Markdown files in src/content/blog/, one per post, compiled at build time
 * (src/build/site-content.ts): a new file is a new page, in /blog, the sitemap and the feed.
 */
export { posts }

/** /blog, every post newest first, and the RSS feed at /rss.xml. */
export const blogIndex = {
  meta: {
    title: 'Blog — XR Stores',
    description:
      'Ideas and research on immersive commerce: XR stores, 3D and AR shopping, storytelling and the buyers of the next decade, from the XR Stores team.',
  },
  heading: 'Blog',
  lead: 'Ideas and research on immersive commerce, newest first.',
  feed: {
    title: 'XR Stores blog',
    description: 'Ideas and research on immersive commerce from XR Stores.',
  },
} satisfies BlogIndexCopy
