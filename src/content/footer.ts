import { CONTACT_SECTION_ID } from '../schemas/anchors'
import type { Footer, NavLink } from '../schemas/content'
import { examples } from './external'

/** Footer entries other than About Us and the legal pages all lead to the contact form. */
const toContact = (title: string): NavLink => ({ title, section: CONTACT_SECTION_ID })

export const footer = {
  blurb:
    'We build game-like 3D and XR online stores for retail brands: shoppers walk the aisles, shop with friends and talk to real sales staff, in a browser or a headset.',
  quickLinks: {
    title: 'Quick Links',
    links: [
      { title: 'About Us', path: '/about-us' },
      ...['Contact Us', 'Partner with Us', 'Careers'].map(toContact),
    ],
  },
  products: {
    title: 'Products',
    links: [
      'Store Builder',
      'Virtual Showrooms',
      'Product Configurator',
      'Digital Twins',
      'Shopify Development',
      '3D Product Creation',
    ].map(toContact),
  },
  features: {
    title: 'Features',
    links: [
      '3D Viewer',
      'AR Try On',
      'Context Viewer',
      'View in VR',
      'Gaming',
      'Multiplayer',
      'Video Slots',
      'Easy Search',
      'AI Chatbot',
    ].map(toContact),
  },
  industries: {
    title: 'Industries',
    links: [
      'Fashion',
      'Lifestyle',
      'Beauty & Personal Care',
      'Electronics',
      'Home & Living',
      'Food & Beverages',
      'Real Estate',
      'Engineering Plants',
    ].map(toContact),
  },
  legal: [
    { title: 'Terms and Conditions', path: '/terms-and-conditions' },
    { title: 'Privacy Policy', path: '/privacy-policy' },
    { title: 'Cancellation and Refunds', path: '/cancellation-and-refunds' },
    { title: 'Refund Policy', path: '/refund-policy' },
    { title: 'Shipping Policy', path: '/shipping-policy' },
  ],
  rights: 'All rights reserved.',
  /** The public address in the bottom bar. */
  email: examples.email,
  contactTitle: 'Get in touch',
  socialTitle: 'Follow us',
} satisfies Footer
