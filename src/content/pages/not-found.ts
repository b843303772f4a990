import type { NotFoundPageCopy } from '../../schemas/pages'

export const notFoundCopy = {
  meta: {
    title: 'Page not found — XR Stores',
    description: 'The page you were looking for does not exist or has moved. Head back to the home page.',
  },
  heading: 'Oops! Page not found',
  message: 'The page you are looking for does not exist or has moved.',
  homeLabel: 'Return to Home',
} satisfies NotFoundPageCopy
