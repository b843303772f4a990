import { Fragment, type ReactNode } from 'react'
import { Island } from '../components/Island'
import { useRenderState } from '../components/RenderContext'
import { BenefitGrid, StatGrid } from '../components/sections/BenefitGrids'
import { BrandStrip } from '../components/sections/BrandStrip'
import { ContactSection } from '../components/sections/ContactSection'
import { FundingBanner } from '../components/sections/FundingBanner'
import { Hero, heroPosterLayout } from '../components/sections/Hero'
import { MediaCardGrid } from '../components/sections/MediaCardGrid'
import { Section } from '../components/sections/Section'
import { SplitSection } from '../components/sections/SplitSection'
import { WhyChooseUsSection } from '../components/sections/WhyChooseUsSection'
import { XrTileGrid } from '../components/sections/XrTileGrid'
import { ButtonLink } from '../components/ui/SmartLink'
import { brands } from '../content/brands'
import { serializeJson } from '../lib/serialize'
import type { UiCopy } from '../schemas/copy'
import type { HomePart } from '../schemas/home-layout'
import type { PageModule } from '../schemas/page-module'
import type { Post } from '../schemas/posts'
import type { SiteContent, SiteCopy } from '../schemas/site-copy'
import { renderSection } from './ComposedPage'
import { useChrome } from './locale-content'
import { BlogTeaserGrid } from './BlogTeaserGrid'

/** Organization structured data; in the body because its URLs need the request's origin. */
function OrganizationJsonLd() {
  const { origin, nonce, localHref } = useRenderState()
  const { site } = useChrome()
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    legalName: site.legalName,
    description: site.description,
    url: origin + localHref('/'),
    logo: origin + site.logo.src,
    email: site.emails[0]?.address,
    telephone: site.businessPhone,
    sameAs: site.social.map((s) => s.url),
    address: site.offices.map((o) => ({ '@type': 'PostalAddress', streetAddress: o.lines.join(', ') })),
    contactPoint: site.phones.map((p) => ({
      '@type': 'ContactPoint',
      telephone: p.number,
      contactType: p.label,
    })),
  }
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: serializeJson(data) }}
    />
  )
}

type HomeCopy = SiteCopy['home']

/** Each of the home page's own sections, drawn from its part of the copy. */
const HOME_PART_VIEWS: { [P in HomePart]: (home: HomeCopy, posts: Post[], ui: UiCopy) => ReactNode } = {
  hero: (home) => <Hero {...home.hero} />,
  brandStrip: (home) => <BrandStrip title={home.brandStrip.title} brands={brands} />,
  shoppers: (home) => (
    <Section heading={home.shoppers}>
      <BenefitGrid items={home.shoppers.items} />
    </Section>
  ),
  brandsGet: (home) => (
    <Section heading={home.brandsGet} tint>
      <StatGrid stats={home.brandsGet.stats} claim={home.brandsGet.claim} />
    </Section>
  ),
  storeBuilder: (home) => <SplitSection {...home.storeBuilder} />,
  suite: (home) => (
    <Section heading={home.suite} tint>
      <MediaCardGrid cards={home.suite.showcases} />
    </Section>
  ),
  xr: (home) => (
    <Section heading={home.xr}>
      <XrTileGrid tiles={home.xr.tiles} />
    </Section>
  ),
  stores: ({ stores }, _posts, ui) => (
    <Section heading={stores} tint className="stores-section">
      <Island
        name="Carousel"
        hydrate="visible"
        props={{
          label: stores.label,
          items: stores.items,
          position: stores.position,
          controls: ui.slider,
          newTab: ui.newTab,
        }}
      />
    </Section>
  ),
  realEstate: (home) => <SplitSection {...home.realEstate} mediaFirst />,
  why: (home, _posts, ui) => <WhyChooseUsSection {...home.why} controls={ui.slider} />,
  blog: ({ blog }, posts) => (
    <Section heading={blog}>
      <BlogTeaserGrid cards={blog.cards} posts={posts} />
      <div className="cta-row cta-row-center">
        <ButtonLink cta={blog.contact} variant="secondary" />
      </div>
    </Section>
  ),
  funding: (home) => <FundingBanner {...home.funding} />,
  services: (home) => (
    <Section heading={home.services} tint>
      <MediaCardGrid cards={home.services.cards} />
    </Section>
  ),
  contact: (home) => <ContactSection {...home.contact} />,
}

/**
 * The home page: its layout's sections in order (by default the spec's 14), each of its own drawn
 * from its part of the copy, each added one as a landing page draws it.
 */
function Home({ home, posts }: { home: HomeCopy; posts: Post[] }) {
  const { ui } = useChrome()
  return (
    <>
      <OrganizationJsonLd />
      {home.layout.map((entry, index) => (
        <Fragment key={index}>
          {'home' in entry
            ? HOME_PART_VIEWS[entry.home.part](home, posts, ui)
            : renderSection(entry, { html: '', posts })}
        </Fragment>
      ))}
    </>
  )
}

/** The hero poster the page preloads: its first section's, when that is a hero. */
function firstPoster({ layout, hero }: HomeCopy) {
  const first = layout[0]
  if (!first) return undefined
  if ('home' in first) return first.home.part === 'hero' ? hero.video.poster : undefined
  return 'hero' in first ? first.hero.video.poster : undefined
}

/** /, from the site's copy (the studio's edition, else the repository's) and its posts. */
export const homePage = ({ copy: { home }, posts }: SiteContent): PageModule => {
  const poster = firstPoster(home)
  return {
    meta: {
      ...home.meta,
      preloadImage: poster ? { src: poster, ...heroPosterLayout(poster) } : undefined,
      contactForm: home.layout.some((entry) =>
        'home' in entry ? entry.home.part === 'contact' : 'contact' in entry,
      ),
    },
    Page: () => <Home home={home} posts={posts} />,
  }
}
