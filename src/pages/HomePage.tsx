import { ContactSection } from '../components/sections/ContactSection'
import { BlogTeaserSection } from '../components/sections/BlogTeaserSection'
import { BrandStrip } from '../components/sections/BrandStrip'
import { BrandsGetSection, ShoppersSection } from '../components/sections/BenefitSections'
import { CommerceSuiteSection } from '../components/sections/CommerceSuiteSection'
import { ExtendedServicesSection } from '../components/sections/ExtendedServicesSection'
import { FundingBanner } from '../components/sections/FundingBanner'
import { Hero } from '../components/sections/Hero'
import { RealEstateSection } from '../components/sections/RealEstateSection'
import { StoreBuilderSection } from '../components/sections/StoreBuilderSection'
import { StoresSection } from '../components/sections/StoresSection'
import { WhyChooseUsSection } from '../components/sections/WhyChooseUsSection'
import { XrFeaturesSection } from '../components/sections/XrFeaturesSection'
import { home } from '../content/home'
import { useRenderState } from '../components/RenderContext'
import { serializeJson } from '../lib/serialize'
import { site } from '../content/site'
import type { PageModule } from '../schemas/page-module'

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

/** The home page: the spec's 14 sections, in order. */
export const homePage: PageModule = {
  meta: home.meta,
  Page: () => (
    <>
      <OrganizationJsonLd />
      <Hero />
      <BrandStrip />
      <ShoppersSection />
      <BrandsGetSection />
      <StoreBuilderSection />
      <CommerceSuiteSection />
      <XrFeaturesSection />
      <StoresSection />
      <RealEstateSection />
      <WhyChooseUsSection />
      <BlogTeaserSection />
      <FundingBanner />
      <ExtendedServicesSection />
      <ContactSection />
    </>
  ),
}
