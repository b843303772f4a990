/**
 * The home page as the worker serves it: the 14 sections in the spec's order with their copy and
 * anchors, one h1, every header/footer entry, and the effective viewer address in the header and
 * the XR grid.
 */
import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { external } from '../../../src/content/external'
import { sectionIds } from '../../../src/schemas/content'
import { uniqueIpv4, ORIGIN, putInit } from '../support'

interface Found {
  attrs: Record<string, string>
  text: string
}

/** Elements matching a selector, with their attributes and all the text inside them. */
async function select(html: string, selector: string): Promise<Found[]> {
  const found: Found[] = []
  await new HTMLRewriter()
    .on(selector, {
      element(el) {
        // HTMLRewriter yields [name, value] pairs (the DOM lib's Element type says otherwise).
        const attrs = Object.fromEntries(el.attributes as unknown as Iterable<[string, string]>)
        found.push({ attrs, text: '' })
      },
      text(chunk) {
        const last = found[found.length - 1]
        if (last) last.text += chunk.text
      },
    })
    .transform(new Response(html))
    .text()
  return found.map((f) => ({ ...f, text: f.text.replace(/\s+/g, ' ').trim() }))
}

async function homeHtml(): Promise<string> {
  const res = await SELF.fetch(ORIGIN + '/')
  expect(res.status).toBe(200)
  return res.text()
}

/** Spec order (section 2): the heading that opens each of the 14 home sections. */
const SECTION_HEADINGS = [
  'The closest you can get to real-life shopping, online',
  'Brands that sell with us',
  'The Shoppers get...',
  'The Brands get...',
  'Build your own 3D store in about 5 minutes',
  'Interactive Commerce Suite',
  'XR features for every store',
  'Explore our store',
  'Walk through a home before it is built',
  'Why Choose Us?',
  'From our blog',
  'We have raised funding to bring immersive stores to every brand',
  'Extended Services',
]

describe('home page', () => {
  it('has the 14 sections in the spec order, one h1 and the contact form last', async () => {
    const html = await homeHtml()
    const sections = await select(html, 'main > section')
    expect(sections).toHaveLength(14)
    expect(sections[13]?.attrs.id).toBe('sec-contact')

    const headings: string[] = []
    for (const section of sections.slice(0, 13)) {
      const id = section.attrs['aria-labelledby']
      expect(id, JSON.stringify(section.attrs)).toBeTruthy()
      const [heading] = await select(html, `[id="${id}"]`)
      headings.push(heading?.text ?? '')
    }
    expect(headings).toEqual(SECTION_HEADINGS)

    const h1 = await select(html, 'h1')
    expect(h1.map((h) => h.text)).toEqual([SECTION_HEADINGS[0]])
  })

  it('carries every home anchor exactly once, inside main', async () => {
    const html = await homeHtml()
    for (const id of sectionIds) {
      expect(await select(html, `main [id="${id}"]`), id).toHaveLength(1)
    }
    // The anchors sit on the right content.
    expect((await select(html, '[id="virtual-showrooms-section"] h3'))[0]?.text).toBe('Virtual Mall')
    expect((await select(html, '[id="product-configurator-section"] h3'))[0]?.text).toBe(
      'Product Configurator',
    )
    expect((await select(html, '[id="digital-twins-section"] h3'))[0]?.text).toBe('Digital Twin')
    expect((await select(html, '[id="shopify-development-section"] h3'))[0]?.text).toBe(
      'Shopify Store Development',
    )
    expect((await select(html, '[id="3d-product-creation-section"] h3'))[0]?.text).toBe('3D Product Creation')
  })

  it('shows the spec copy, figures and links', async () => {
    const html = await homeHtml()
    const main = (await select(html, 'main'))[0]?.text ?? ''
    for (const text of [
      'Try it now!',
      'See video',
      '74%',
      'higher conversions',
      '3x',
      '9 minutes',
      '40%',
      '61%',
      '90%',
      'See Tutorial',
      'Vero Italy',
      'Pixel Pals',
      'Zelviano',
      'Digitron',
      'Deyga',
      'Low Cost Development',
      'High render Quality',
      '(1/4) reviews',
      'Shopify Store Development',
      'Amazon Services',
    ]) {
      expect(main, text).toContain(text)
    }

    const links = await select(html, 'main a')
    const hrefOf = (text: string) => links.filter((l) => l.text.startsWith(text)).map((l) => l.attrs.href)
    expect(hrefOf('Try it now!')).toEqual([
      external.demos.heroStore,
      external.dashboard,
      external.demos.villa,
    ])
    expect(hrefOf('See video')).toEqual([external.videos.intro])
    expect(hrefOf('See Tutorial')).toEqual([external.videos.tutorial])
    expect(hrefOf('Learn More')).toEqual(['/#sec-contact', '/#sec-contact', '/#sec-contact'])
    expect(hrefOf('Contact us')).toEqual(['/#sec-contact'])
    expect(hrefOf('Talk to us')).toEqual(['/#sec-contact'])
    for (const n of [1, 2, 3]) expect(links.some((l) => l.attrs.href === `/blog-${n}`)).toBe(true)
    // Every external link opens in a new tab, safely.
    for (const link of links.filter((l) => /^https?:/.test(l.attrs.href ?? ''))) {
      expect(link.attrs.target, link.attrs.href).toBe('_blank')
      expect(link.attrs.rel).toBe('noopener noreferrer')
    }
  })

  it('lists 12 brand logos once for assistive technology, the loop copies hidden', async () => {
    const html = await homeHtml()
    const lists = await select(html, '.marquee-list')
    const named = await select(html, '.marquee-list img[alt]:not([alt=""])')
    expect(named).toHaveLength(12)
    expect(lists.filter((l) => l.attrs['aria-hidden'] !== 'true')).toHaveLength(1)
    // Tripled and duplicated: 6 copies of the 12 logos.
    expect(await select(html, '.marquee-list img')).toHaveLength(72)
  })

  it('renders the header menus, footer columns, legal links and chat button', async () => {
    const html = await homeHtml()
    const header = (await select(html, 'header'))[0]?.text ?? ''
    for (const text of [
      'Home',
      'eCommerce',
      'Features',
      'Real Estate',
      'About Us',
      'Login',
      'Contact us',
      'Menu',
    ]) {
      expect(header).toContain(text)
    }
    const headerLinks = await select(html, 'header nav[aria-label="Main"] a')
    expect(headerLinks.map((l) => l.attrs.href)).toEqual([
      '/',
      '/#store-builder-section',
      '/#virtual-showrooms-section',
      '/#product-configurator-section',
      '/#digital-twins-section',
      '/#shopify-development-section',
      '/#3d-product-creation-section',
      expect.stringMatching(/^https:/), // View in 3D
      '/try-on',
      '/gaming',
      '/#real-estate-section',
      '/about-us',
      external.dashboard,
      '/#sec-contact',
    ])

    const footerLinks = await select(html, 'footer a')
    const footerHref = (text: string) => footerLinks.find((l) => l.text === text)?.attrs.href
    expect(footerHref('About Us')).toBe('/about-us')
    for (const text of [
      'Contact Us',
      'Partner with Us',
      'Careers',
      'Store Builder',
      'Context Viewer',
      'Engineering Plants',
    ]) {
      expect(footerHref(text), text).toBe('/#sec-contact')
    }
    expect(footerHref('Terms and Conditions')).toBe('/terms-and-conditions')
    expect(footerHref('Privacy Policy')).toBe('/privacy-policy')
    expect(footerLinks.some((l) => l.attrs.href?.startsWith('mailto:'))).toBe(true)
    expect(await select(html, 'footer .social-link')).toHaveLength(5)
    expect(await select(html, 'footer address')).toHaveLength(2)

    const [chat] = await select(html, '.chat-button')
    expect(chat?.attrs.href).toBe('https://wa.me/919876543210')
    expect(chat?.attrs.target).toBe('_blank')
    expect(chat?.text).toMatch(/chat/i)
  })

  it('puts the effective viewer address in the header and on the View in 3D tile', async () => {
    const viewerLinks = async () => {
      const html = await homeHtml()
      const header = (await select(html, 'header a')).filter((l) => l.text.startsWith('View in 3D'))
      const tile = (await select(html, 'main a.tile-arrow')).filter((l) => l.text.startsWith('View in 3D'))
      return [...header, ...tile].map((l) => l.attrs.href)
    }
    const before = await viewerLinks()
    expect(before).toHaveLength(3) // desktop dropdown, mobile sub-list, XR tile
    expect(new Set(before).size).toBe(1)

    const stored = `https://viewer-${crypto.randomUUID()}.example.com/view?model=ring.glb`
    const put = await SELF.fetch(
      ORIGIN + '/api/settings',
      putInit(stored, { 'CF-Connecting-IP': uniqueIpv4() }),
    )
    expect(put.status).toBe(200)
    expect(await viewerLinks()).toEqual([stored, stored, stored])
  })

  it('marks the Organization in structured data', async () => {
    const html = await homeHtml()
    // Beside the page's own block (a WebPage with its language: docs/locales.md).
    const blocks = await select(html, 'script[type="application/ld+json"]')
    const all = blocks.map((block) => JSON.parse(block.text) as Record<string, unknown>)
    expect(all.map((block) => block['@type'])).toEqual(['WebPage', 'Organization'])
    const data = all[1]!
    expect(data['@type']).toBe('Organization')
    expect(data.name).toBe('XR Stores')
    expect(data.url).toBe(ORIGIN + '/')
  })
})
