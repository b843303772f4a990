/**
 * The home-page anchors the header, footer and calls to action point at (spec section 2). Plain
 * constants without zod, so the worker can use them without building the content schemas.
 */

/** The Schedule call section: the target of every "Contact us" and of the no-JS form's redirect. */
export const CONTACT_SECTION_ID = 'sec-contact'

export const sectionIds = [
  'store-builder-section',
  'virtual-showrooms-section',
  'product-configurator-section',
  'digital-twins-section',
  'shopify-development-section',
  '3d-product-creation-section',
  'real-estate-section',
  CONTACT_SECTION_ID,
] as const
