/**
 * The site's content as visitors see it: the repository's copy, posts and landing pages (the
 * defaults) with the studio's live editions applied, each kind building its share of the site
 * (studio/kinds/: the copy field by field, a post or a page as the build compiles a file). An
 * edition that no longer fits (a deploy changed its schema) is left out and the default shows, so a
 * page never breaks.
 */
import { ADDRESSED_KINDS } from '../../../lib/document-kinds'
import type { SiteContent } from '../../../schemas/site-copy'
import { KINDS, kindModule } from '../kinds'
import type { CompileMemo, ContentDefaults, LiveEditions, Rejected } from '../kinds/types'

export type { SiteContent } from '../../../schemas/site-copy'
export type { CompileMemo, ContentDefaults, LiveEditions, Rejected } from '../kinds/types'
export { rootsOf } from '../kinds/copy'

export const POST_PREFIX = ADDRESSED_KINDS.post
export const PAGE_PREFIX = ADDRESSED_KINDS.page

/** The schema a document's parts are paths in: the site's copy, a post's or a landing page's. */
export const documentSchema = (doc: string) => kindModule(doc).schema

/** The site as visitors see it under these live editions. */
export async function buildSite(
  defaults: ContentDefaults,
  live: LiveEditions,
  stamp: number,
  memo: CompileMemo,
): Promise<{ site: SiteContent; rejected: Rejected[] }> {
  const rejected: Rejected[] = []
  let site: SiteContent = { stamp, copy: defaults.copy, posts: [], pages: [], gonePages: [] }
  for (const kind of Object.values(KINDS))
    site = { ...site, ...(await kind.build({ defaults, live, memo, rejected }, site)) }
  // The default locale's pages key their cache on the stamp less the locale editions' publishes.
  if (stamp >= 0) site.pageStamp = stamp - (live.localeBumps ?? 0)
  return { site, rejected }
}
