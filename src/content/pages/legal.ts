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
export const legalFrame = { effectiveDateLabel: 'Effective date:' } satisfies LegalFrame
