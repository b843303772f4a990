import { CONTACT_SECTION_ID } from '../schemas/anchors'
import type { Nav } from '../schemas/content'
import { external } from './external'

/** Header navigation. Anchor entries point at home sections (`/#id`), so they work from any page. */
export const nav = {
  home: { title: 'Home', path: '/' },
  ecommerce: {
    title: 'eCommerce',
    items: [
      { title: 'Store Builder', section: 'store-builder-section' },
      { title: 'Virtual Showrooms', section: 'virtual-showrooms-section' },
      { title: 'Product Configurator', section: 'product-configurator-section' },
      { title: 'Digital Twins', section: 'digital-twins-section' },
      { title: 'Shopify Development', section: 'shopify-development-section' },
      { title: '3D Product Creation', section: '3d-product-creation-section' },
    ],
  },
  features: {
    title: 'Features',
    items: [
      { title: 'View in 3D', viewer: true },
      { title: 'AR Try On', path: '/try-on' },
      { title: 'Gamified Experience', path: '/gaming' },
    ],
  },
  realEstate: { title: 'Real Estate', section: 'real-estate-section' },
  about: { title: 'About Us', path: '/about-us' },
  login: { title: 'Login', url: external.dashboard },
  contact: { title: 'Contact us', section: CONTACT_SECTION_ID },
} satisfies Nav
