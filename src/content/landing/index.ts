/**
 * The landing pages the repository holds, shown at their addresses unless the studio takes one
 * off, and the defaults its editions override, as posts are. `npm run content:pull` writes each
 * page the studio published into this folder as a file of its own and lists it here.
 */
import type { ComposedPageDraft } from '../../schemas/composed-pages'

export const landingPages: ComposedPageDraft[] = []
