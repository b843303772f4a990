import type { ErrorPageCopy } from '../../schemas/pages'

/** The page a render or routing failure shows (spec section 8), without the site's chrome. */
export const errorPageCopy = {
  title: 'Unexpected Application Error!',
  homeLabel: 'Return to Home',
  generic: 'Something went wrong on our side. Please try again in a moment.',
} satisfies ErrorPageCopy
