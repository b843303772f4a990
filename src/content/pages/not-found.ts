import type { GonePageCopy, NotFoundPageCopy } from '../../schemas/pages'

export const notFoundCopy = {
  meta: {
    title: 'Page not found — XR Stores',
    description: 'The page you were looking for does not exist or has moved. Head back to the home page.',
  },
  heading: 'Oops! Page not found',
  message: 'The page you are looking for does not exist or has moved.',
  homeLabel: 'Return to Home',
} satisfies NotFoundPageCopy

/** A landing page taken off the site (410 Gone): its campaign is over, not a wrong address. */
export const goneCopy = {
  meta: {
    title: 'This page has ended — XR Stores',
    description: 'The campaign this page was made for is over. Head to the home page for everything else.',
  },
  heading: 'This page has ended',
  message: 'The campaign this page was made for is over. The home page has everything else.',
  homeLabel: 'Return to Home',
} satisfies GonePageCopy

/** A share link to a draft that was revoked, has ended, or never was (410 Gone). */
export const reviewGoneCopy = {
  meta: {
    title: 'This review link has ended — XR Stores',
    description: 'This link to a draft was revoked or has ended. Ask whoever sent it for a new one.',
  },
  heading: 'This review link has ended',
  message: 'The link to this draft was revoked or has ended. Ask whoever sent it for a new one.',
  homeLabel: 'Return to Home',
} satisfies GonePageCopy
