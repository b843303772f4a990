import { CONTACT_SECTION_ID } from '../../schemas/anchors'
import type { ArticleFrame } from '../../schemas/pages'

/** Around every article: the kicker, the reading time and the closing call to action. */
export const articleFrame = {
  kicker: 'Blog',
  readingTime: '{minutes} min read',
  aside: {
    label: 'Talk to us',
    title: 'Want an immersive store for your brand?',
    cta: { label: 'Contact us', target: { section: CONTACT_SECTION_ID } },
  },
} satisfies ArticleFrame
