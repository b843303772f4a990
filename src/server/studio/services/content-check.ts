/**
 * Why a document's values cannot be saved, field by field, in plain words, as its kind says
 * (studio/kinds/): each part of the copy by its schema (schemas/site-copy.ts), a post as the build
 * checks a file (studio/services/posts.ts), with the line of its text a problem is on; a landing
 * page's links and weight, the home page's sections' links, against the site. A schema's own
 * message is shown as it is; zod's generic ones in the studio's words (studio/kinds/issues.ts).
 */
import { kindModule } from '../kinds'
import type { SiteForCheck } from '../kinds/types'
import type { PageWeigher } from './composed-pages'

export type { SiteForCheck } from '../kinds/types'

/**
 * Why these values cannot be saved, by field path (empty: they can): the document's own errors;
 * a landing page's links and the home page's sections' must go to an address the site serves now;
 * with `weigh` (the HTML, gzipped, as the site would serve it) a landing page must stay within its weight.
 */
export function saveProblems(
  doc: string,
  value: Record<string, unknown>,
  site: SiteForCheck,
  weigh?: PageWeigher,
): Promise<Record<string, string>> {
  return kindModule(doc).problems(doc, value, site, weigh)
}
