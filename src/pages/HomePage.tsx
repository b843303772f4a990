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
import { site } from '../content/site'
import { ui } from '../content/ui'
import { serializeJson } from '../lib/serialize'
import type { Home as HomeCopy } from '../schemas/home'
import type { PageModule } from '../schemas/page-module'
import type { Post } from '../schemas/posts'
import type { SiteContent } from '../schemas/site-copy'
import { teaserCards } from './teaser-cards'

/** Organization structured data; in the body because its URLs need the request's origin. */
function OrganizationJsonLd() {
  const { origin, nonce } = useRenderState()
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    legalName: site.legalName,
    description: site.description,
    url: origin + '/',
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

/** The home page: the spec's 14 sections, in order, each given its part of the site's copy. */
function Home({ home, posts }: { home: HomeCopy; posts: Post[] }) {
  const { stores, why, blog } = home
  return (
    <>
      <OrganizationJsonLd />
      <Hero {...home.hero} />
      <BrandStrip title={home.brandStrip.title} brands={brands} />
      <Section heading={home.shoppers}>
        <BenefitGrid items={home.shoppers.items} />
      </Section>
      <Section heading={home.brandsGet} tint>
        <StatGrid stats={home.brandsGet.stats} claim={home.brandsGet.claim} />
      </Section>
      <SplitSection {...home.storeBuilder} />
      <Section heading={home.suite} tint>
        <MediaCardGrid cards={home.suite.showcases} />
      </Section>
      <Section heading={home.xr}>
        <XrTileGrid tiles={home.xr.tiles} />
      </Section>
      <Section heading={stores} tint className="stores-section">
        <Island
          name="Carousel"
          hydrate="visible"
          props={{ label: stores.label, items: stores.items, position: stores.position, controls: ui.slider }}
        />
      </Section>
      <SplitSection {...home.realEstate} mediaFirst />
      <WhyChooseUsSection {...why} controls={ui.slider} />
      <Section heading={blog}>
        <MediaCardGrid cards={teaserCards(blog.cards, posts)} />
        <div className="cta-row cta-row-center">
          <ButtonLink cta={blog.contact} variant="secondary" />
        </div>
      </Section>
      <FundingBanner {...home.funding} />
      <Section heading={home.services} tint>
        <MediaCardGrid cards={home.services.cards} />
      </Section>
      <ContactSection {...home.contact} />
    </>
  )
}

/** /, from the site's copy (the studio's edition, else the repository's) and its posts. */
export const homePage = ({ copy: { home }, posts }: SiteContent): PageModule => ({
  meta: {
    ...home.meta,
    preloadImage: { src: home.hero.video.poster, ...heroPosterLayout(home.hero.video.poster) },
    contactForm: true,
  },
  Page: () => <Home home={home} posts={posts} />,
})
