import { legalDocuments } from 'virtual:content/legal'
import type { LegalFrame } from '../../schemas/pages'

/**
 * The five legal pages are Markdown files in src/content/legal/, compiled at build time
 * (src/build/site-content.ts). Every figure of spec section 9 sits on the page the spec ties it to;
 * the two readings of the annual-subscription refund (14 days on /refund-policy, 30 days prorated
 * on /cancellation-and-refunds) are each stated where the spec puts them.
 */
export { legalDocuments }

/** Around every legal page's own text. */
export const legalFrame = {
  effectiveDateLabel: 'Effective date:',
  experiments: {
    title: 'Versions of a page',
    off: 'Sometimes we show visitors one of two or more versions of a page, to learn which one brings more inquiries. Which version you see is decided on our server from the same daily code, so you keep it for that day, and no cookie or script is used for it. We count how many visitors saw each version and, when you send an inquiry, we note which version you saw beside the inquiry’s reference number (not your name or contact details), so that inquiries can be counted per version.',
    on: 'Sometimes we show visitors one of two or more versions of a page, to learn which one brings more inquiries. So that you keep seeing the same version, this website sets a cookie named “exp” that holds only a code for each test and the version you saw, for 30 days; nothing else about you is in it. We count how many visitors saw each version and, when you send an inquiry, we note which version you saw beside the inquiry’s reference number (not your name or contact details), so that inquiries can be counted per version.',
  },
} satisfies LegalFrame
