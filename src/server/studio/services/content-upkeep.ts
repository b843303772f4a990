/**
 * After a deploy whose repository copy took in what the studio published (`npm run
 * content:pull`, reviewed and committed), the editions still hold those fields. The daily job
 * drops every field of a live edition that equals the new default, so the edition holds only
 * what the repository does not, and a later change in git is no longer hidden by a stale copy.
 */
import { valueAt, withValueAt, type Edition } from '../../../lib/edition'
import { ok, type Result } from '../../../lib/result'
import type { ContentStore } from '../storage/content'
import type { ContentService } from './content'

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The fields of `edition` that differ from the repository's copy of `doc`. */
export function beyondDefaults(content: ContentService, doc: string, edition: Edition): Edition {
  const roots = content.defaultsOf(doc)
  if (!roots) return edition
  let defaults: unknown = {}
  for (const [root, value] of Object.entries(roots)) defaults = withValueAt(defaults, root, value ?? null)
  return Object.fromEntries(
    Object.entries(edition).filter(([path, value]) => {
      const fallback = valueAt(defaults, path)
      return fallback === undefined || !same(fallback, value)
    }),
  )
}

export class ContentUpkeep {
  constructor(
    private readonly store: ContentStore,
    private readonly content: ContentService,
  ) {}

  /** Trims every live edition to what differs from the defaults; resolves to how many changed. */
  async clearMatchingDefaults(): Promise<Result<number>> {
    const live = await this.store.live()
    if (!live.ok) return live
    let trimmed = 0
    for (const [doc, edition] of live.value.editions) {
      const kept = beyondDefaults(this.content, doc, edition)
      if (Object.keys(kept).length === Object.keys(edition).length) continue
      const done = await this.store.trimEdition(doc, edition, kept)
      if (!done.ok) return done
      if (done.value) trimmed += 1
    }
    return ok(trimmed)
  }
}
