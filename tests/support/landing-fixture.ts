/**
 * A landing page holding every section type once (issue 45), made of the home page's own copy and
 * pictures: the worker tests publish it through the console's form, and the browser tests audit
 * it (axe, the HTML checker, CLS) at 390 and 1280 px. The Headline type gives an h1 as the hero
 * does, so it opens the blank template's page instead (a page has one).
 */
import { home } from '../../src/content/home'
import { brands } from '../../src/content/brands'
import type { ComposedPageDraft, PageSection, SectionType } from '../../src/schemas/composed-pages'

export const EVERY_SECTION_SLUG = 'every-section'

const sections: PageSection[] = [
  { hero: home.hero },
  { brandStrip: home.brandStrip },
  { benefits: { ...home.shoppers, tone: 'plain' } },
  {
    figures: {
      title: 'What brands measured',
      tone: 'tint',
      figures: [
        { value: '3×', label: 'longer visits than on product pages' },
        { value: '+40%', label: 'conversion from a 3D store' },
        { value: '5 min', label: 'to a first store with the builder' },
      ],
    },
  },
  {
    showcases: {
      title: home.suite.title,
      intro: home.suite.intro,
      cards: home.suite.showcases,
      tone: 'plain',
    },
  },
  { services: { ...home.services, tone: 'accent' } },
  { xrTiles: { ...home.xr, tiles: home.xr.tiles.slice(0, 3), tone: 'plain' } },
  {
    pictureText: {
      eyebrow: home.storeBuilder.eyebrow,
      title: home.storeBuilder.title,
      text: home.storeBuilder.text,
      image: home.storeBuilder.image,
      side: 'picture left',
      tone: 'tint',
      ctas: [{ label: 'See the store builder', target: { path: '/try' } }],
    },
  },
  {
    richText: {
      title: 'How a launch goes',
      tone: 'plain',
      markdown:
        'We start from your catalogue and your brand book.\n\n- A first store in a week\n- Your team trained on the builder\n\nWrite to [our team](/about-us) with any question.',
    },
  },
  {
    quote: {
      tone: 'accent',
      quote: 'Shoppers stay three times longer in the store.',
      name: 'Head of e-commerce',
      role: 'a fashion brand',
    },
  },
  {
    faq: {
      title: 'Questions brands ask us',
      tone: 'plain',
      items: [
        {
          question: 'How long does a store take?',
          answer: 'A first store takes about 5 minutes with the builder.',
        },
        {
          question: 'Does it need a headset?',
          answer: 'No: every store runs in the browser; a headset is optional.',
        },
      ],
    },
  },
  { why: home.why },
  { blogTeaser: { title: home.blog.title, intro: home.blog.intro, cards: home.blog.cards, tone: 'plain' } },
  {
    logoWall: {
      title: 'Our clients',
      tone: 'tint',
      logos: brands
        .slice(0, 6)
        .map((brand) => ({ src: brand.logo, alt: brand.name, width: 160, height: 48 })),
    },
  },
  {
    ctaBand: {
      title: 'See your store in 3D',
      text: 'Book a call and we will build a first room with your products.',
      cta: { label: 'Book a call', target: { section: 'sec-contact' } },
    },
  },
  { funding: home.funding },
  { contact: home.contact },
]

export const EVERY_SECTION_PAGE: ComposedPageDraft = {
  slug: EVERY_SECTION_SLUG,
  title: 'Every section of a landing page',
  description: 'A landing page with every kind of section, so each is proven fast and accessible on its own.',
  search: 'hidden',
  sections,
}

/** The types the fixture shows (all but the Headline, which the blank template opens with). */
export const FIXTURE_TYPES: SectionType[] = sections.map((section) => Object.keys(section)[0] as SectionType)
