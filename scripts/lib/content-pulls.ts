/**
 * What `npm run content:pull` writes, planned from the live editions by each document's kind
 * (src/server/studio/kinds/ `PULLS`): the script (scripts/content-pull.ts) loads the kinds as the
 * build does and only writes the plan to disk, so a kind more is pulled with no change here.
 */
import type { Edition } from '../../src/lib/edition.ts'
import type { KindPull, PullTools } from '../../src/server/studio/kinds/types.ts'
import { placeField, type Replacement } from './content-files.ts'

export interface PullInput {
  /** The live editions, by document. */
  live: { doc: string; edition: Edition }[]
  /** The documents taken off the site. */
  gone: string[]
  /** What a document's kind writes (studio/kinds/index.ts pullOf). */
  pullOf: (doc: string) => KindPull
  /** A document's values under an edition (studio/services/document-values.ts valuesOf, over the repository's copy). */
  valuesOf: (doc: string, edition: Edition) => Record<string, unknown> | undefined
  /** The repository's value at a path of the site's copy (in `locale`'s words, for a locale's edition). */
  copyAt: (path: string, locale?: string) => unknown
  /** src/content's modules, by path, for a changed string's one literal (a locale's are under locales/<code>/). */
  sources: Map<string, string>
  tools: PullTools
}

export interface PullPlan {
  /** Files to write, by their path under src/content. */
  files: Map<string, string>
  /** Files to remove, under src/content, where they exist (and the list of their folder to write again). */
  removed: { file: string; index?: (names: string[]) => string }[]
  /** The folders (under src/content) whose list is written again from their files, by how. */
  indexes: Map<string, (names: string[]) => string>
  replacements: Replacement[]
  byHand: string[]
}

/** The plan of a pull: each live edition as its kind writes it, and each document taken off the site. */
export function planPull(input: PullInput): PullPlan {
  const plan: PullPlan = { files: new Map(), removed: [], indexes: new Map(), replacements: [], byHand: [] }
  for (const { doc, edition } of input.live) {
    const write = input.pullOf(doc).pull(doc, input.valuesOf(doc, edition) ?? {}, edition, input.tools)
    if ('byHand' in write) plan.byHand.push(write.byHand)
    else if ('file' in write) {
      plan.files.set(write.file, write.text)
      if (write.index) plan.indexes.set(folderOf(write.file), write.index)
    } else {
      const sources = sourcesOf(input.sources, write.locale)
      for (const [path, value] of Object.entries(write.fields)) {
        const placed = placeField(sources, doc, path, input.copyAt(path, write.locale), value)
        if ('replacement' in placed) plan.replacements.push(placed.replacement)
        else plan.byHand.push(placed.byHand)
      }
    }
  }
  for (const doc of input.gone) {
    const gone = input.pullOf(doc).pullGone?.(doc, input.tools)
    if (gone) plan.removed.push(gone)
  }
  return plan
}

/** The modules a field of this locale's edition may be written in: a locale's own folder, or all but the locales' (English). */
function sourcesOf(sources: Map<string, string>, locale: string | undefined): Map<string, string> {
  const ours = (file: string) => {
    const at = /(?:^|\/)locales\/([^/]+)\//.exec(file)?.[1]
    return locale ? at === locale : at === undefined
  }
  return new Map([...sources].filter(([file]) => ours(file)))
}

/** The folder of a file's path under src/content. */
export const folderOf = (file: string) => file.slice(0, file.lastIndexOf('/'))
