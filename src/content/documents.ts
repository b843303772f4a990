import type { EditableDocument, SiteCopy } from '../schemas/site-copy'
import { defaultSiteCopy } from './site-copy'

/** A page's parts but its head (its title and description are the SEO document's). */
const bodyOf = (page: keyof SiteCopy) =>
  Object.keys(defaultSiteCopy[page])
    .filter((key) => key !== 'meta')
    .map((key) => `${page}.${key}`)

/**
 * The studio's documents (/admin/content), in the order it lists them: each edits named parts of
 * the site's copy (schemas/site-copy.ts), and its words are content/admin/studio.ts. A new field
 * in a part's schema appears in its editor with no new form code.
 */
export const EDITABLE_DOCUMENTS = [
  { id: 'home-layout', page: '/', roots: ['home.layout'] },
  { id: 'home-hero', page: '/', roots: ['home.hero', 'home.brandStrip'] },
  {
    id: 'home-offers',
    page: '/',
    roots: ['home.shoppers', 'home.brandsGet', 'home.storeBuilder', 'home.suite'],
  },
  { id: 'home-showcase', page: '/', roots: ['home.xr', 'home.stores', 'home.realEstate'] },
  { id: 'home-testimonials', page: '/', roots: ['home.why'] },
  { id: 'home-blog', page: '/', roots: ['home.blog'] },
  { id: 'home-funding', page: '/', roots: ['home.funding'] },
  { id: 'home-services', page: '/', roots: ['home.services'] },
  { id: 'home-contact', page: '/', roots: ['home.contact'] },
  { id: 'about', page: '/about-us', roots: bodyOf('about') },
  { id: 'try-on', page: '/try-on', roots: bodyOf('tryOn') },
  { id: 'gaming', page: '/gaming', roots: bodyOf('gaming') },
  { id: 'footer', page: '/', roots: ['footer'] },
  {
    id: 'seo',
    page: '/',
    roots: ['home.meta', 'about.meta', 'tryOn.meta', 'gaming.meta', 'try.meta', 'blogIndex.meta'],
  },
] as const satisfies readonly EditableDocument[]

export type DocumentId = (typeof EDITABLE_DOCUMENTS)[number]['id']

/** The home page's sections: a locale's edition of it is written over the English layout (studio/kinds/layout-locale.ts). */
export const HOME_LAYOUT_DOCUMENT = 'home-layout' satisfies DocumentId
