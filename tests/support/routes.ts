/** Every public route of the spec (section 2) and the blog index, for tests that walk them all. */
export const PUBLIC_ROUTES = [
  '/',
  '/about-us',
  '/try-on',
  '/gaming',
  '/try',
  '/blog',
  '/blog-1',
  '/blog-2',
  '/blog-3',
  '/privacy-policy',
  '/terms-and-conditions',
  '/cancellation-and-refunds',
  '/refund-policy',
  '/shipping-policy',
] as const
