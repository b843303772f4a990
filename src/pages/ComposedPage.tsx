import { Fragment, type ReactNode } from 'react'
import { BenefitGrid } from '../components/sections/BenefitGrids'
import { BrandStrip } from '../components/sections/BrandStrip'
import { IntroSection, PictureTextSection, RichTextSection } from '../components/sections/CampaignSections'
import {
  FaqSection,
  FiguresSection,
  LogoWallSection,
  QuoteSection,
} from '../components/sections/ProofSections'
import { ContactSection } from '../components/sections/ContactSection'
import { FundingBanner } from '../components/sections/FundingBanner'
import { ToneSection } from '../components/sections/ToneSection'
import { Hero, heroPosterLayout } from '../components/sections/Hero'
import { MediaCardGrid } from '../components/sections/MediaCardGrid'
import { WhyChooseUsSection } from '../components/sections/WhyChooseUsSection'
import { XrTileGrid } from '../components/sections/XrTileGrid'
import { brands } from '../content/brands'
import { ui } from '../content/ui'
import { cardPath, libraryImageOf } from '../lib/library'
import { drawsVisitCampaign } from '../schemas/campaign-form-fields'
import {
  sectionTypeOf,
  type ComposedPage,
  type PageSection,
  type SectionType,
} from '../schemas/composed-pages'
import type { PageModule } from '../schemas/page-module'
import type { Post } from '../schemas/posts'
import { BlogTeaserGrid } from './BlogTeaserGrid'

/** What a section's component gets beside its own fields. */
export interface Extras {
  /** Its compiled HTML (rich text). */
  html: string
  posts: Post[]
  /** The page's address without the slash (a campaign's form posts for it); none on the home page. */
  slug?: string
}

type Fields<K extends SectionType> = Extract<PageSection, Record<K, unknown>>[K]

/**
 * Each section type's component, by the type's key in schemas/composed-pages.ts: a new type is
 * one schema there and one row here (TypeScript refuses a type without its row).
 */
const SECTION_COMPONENTS: { [K in SectionType]: (fields: Fields<K>, extras: Extras) => ReactNode } = {
  hero: (fields) => <Hero {...fields} />,
  intro: (fields) => <IntroSection {...fields} />,
  brandStrip: (fields) => <BrandStrip title={fields.title} brands={brands} />,
  benefits: ({ items, tone, ...heading }) => (
    <ToneSection tone={tone} heading={heading}>
      <BenefitGrid items={items} />
    </ToneSection>
  ),
  figures: (fields) => <FiguresSection {...fields} />,
  showcases: ({ cards, tone, ...heading }) => (
    <ToneSection tone={tone} heading={heading}>
      <MediaCardGrid cards={cards} />
    </ToneSection>
  ),
  services: ({ cards, tone, ...heading }) => (
    <ToneSection tone={tone} heading={heading}>
      <MediaCardGrid cards={cards} />
    </ToneSection>
  ),
  xrTiles: ({ tiles, tone, ...heading }) => (
    <ToneSection tone={tone} heading={heading}>
      <XrTileGrid tiles={tiles} />
    </ToneSection>
  ),
  pictureText: (fields) => <PictureTextSection {...fields} />,
  richText: ({ markdown: _markdown, ...fields }, { html }) => <RichTextSection {...fields} html={html} />,
  quote: (fields) => <QuoteSection {...fields} />,
  faq: (fields) => <FaqSection {...fields} />,
  why: (fields) => <WhyChooseUsSection {...fields} controls={ui.slider} />,
  blogTeaser: ({ cards, tone, ...heading }, { posts }) => (
    <ToneSection tone={tone} heading={heading}>
      <BlogTeaserGrid cards={cards} posts={posts} />
    </ToneSection>
  ),
  logoWall: (fields) => <LogoWallSection {...fields} />,
  ctaBand: (fields) => <FundingBanner {...fields} />,
  funding: (fields) => <FundingBanner {...fields} />,
  contact: (fields, { slug }) => <ContactSection {...fields} page={slug} />,
}

/** One section, drawn by its type's component (the home page's layout draws its added ones so too). */
export function renderSection(section: PageSection, extras: Extras): ReactNode {
  const type = sectionTypeOf(section)
  const draw = SECTION_COMPONENTS[type] as (fields: unknown, extras: Extras) => ReactNode
  return draw((section as Record<string, unknown>)[type], extras)
}

/**
 * A page's link-preview card: its library picture cropped to 1200 × 630 at the edge (the media
 * library's card); a picture of the build, or none, leaves the site's own card.
 */
function cardOf(page: ComposedPage) {
  const library = page.image && libraryImageOf(page.image.src)
  return library ? { url: cardPath(library.id), alt: page.image!.alt || page.title } : undefined
}

/** A composed page at /<slug>: its sections in their order, its own head. */
export function composedPage(page: ComposedPage, posts: Post[]): PageModule {
  const types = page.sections.map(sectionTypeOf)
  const first = page.sections[0]
  const hero = first && 'hero' in first ? first.hero : undefined
  return {
    meta: {
      title: page.title,
      description: page.description,
      noindex: page.search === 'hidden',
      contactForm: types.includes('contact'),
      visitCampaign: page.sections.some(
        (section) => 'contact' in section && drawsVisitCampaign(section.contact.fields ?? []),
      ),
      card: cardOf(page),
      preloadImage: hero ? { src: hero.video.poster, ...heroPosterLayout(hero.video.poster) } : undefined,
    },
    Page: () => (
      <>
        {page.sections.map((section, index) => (
          <Fragment key={index}>
            {renderSection(section, { html: page.html[index] ?? '', posts, slug: page.slug })}
          </Fragment>
        ))}
      </>
    ),
  }
}
