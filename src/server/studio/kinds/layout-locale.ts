/**
 * The home page's sections in another locale (docs/locales.md, "The home page's sections"): the
 * structure is the English published layout's, so a section marketing adds, moves or takes off
 * does so on every locale's home; only the words of a section added from the library are written
 * twice, in `home-layout@<code>`, read at the English layout's positions (as a landing page's
 * are). A library section without all its words in the locale is left out of that locale's home:
 * never English under lang="de".
 */
import { applyEdition, valueAt, withValueAt, type Edition } from '../../../lib/edition'
import { textFields } from '../../../lib/translation-fields'
import { SECTION_TYPES, type SectionType } from '../../../schemas/composed-pages'
import type { HomeLayoutEntry } from '../../../schemas/home-layout'
import { siteCopySchema, type SiteCopy } from '../../../schemas/site-copy'

const ROOT = 'home.layout'
const typeOf = (entry: unknown) => (entry && typeof entry === 'object' ? Object.keys(entry)[0] : undefined)
const indexOf = (path: string) => Number(path.slice(ROOT.length + 1).split('.')[0])
const textPaths = (layout: HomeLayoutEntry[]) =>
  textFields(siteCopySchema, { [ROOT]: layout }).map(([p]) => p)

/** The layout with every library section's text fields emptied: what a translation starts from. */
function withoutWords(layout: HomeLayoutEntry[]): HomeLayoutEntry[] {
  let tree: Record<string, unknown> = { home: { layout } }
  for (const path of textPaths(layout)) tree = withValueAt(tree, path, '')
  return valueAt(tree, ROOT) as HomeLayoutEntry[]
}

/** What the console writes a locale's `home-layout` edition over: the English layout, words emptied. */
export function layoutToTranslate(copy: SiteCopy, english: HomeLayoutEntry[]): SiteCopy {
  return { ...copy, home: { ...copy.home, layout: withoutWords(english) } }
}

/**
 * A locale edition's words at the text fields of `layout` (the English structure): read from the
 * edition as saved (a whole list, as the editor saves one, or single fields), at a position whose
 * section is still of the same type; a position the English moved to another type has none.
 */
export function layoutWords(layout: HomeLayoutEntry[], edition: Edition): Edition {
  const own = Object.fromEntries(Object.entries(edition).filter(([path]) => path.startsWith(ROOT)))
  const translated = valueAt(applyEdition({ home: { layout: withoutWords(layout) } }, own), ROOT) as unknown[]
  const words: Edition = {}
  for (const path of textPaths(layout)) {
    const at = indexOf(path)
    const value = valueAt({ home: { layout: translated } }, path)
    if (typeOf(translated?.[at]) === typeOf(layout[at]) && typeof value === 'string') words[path] = value
  }
  return words
}

/** Whether a library section fits its type's schema. */
function fits(entry: HomeLayoutEntry): boolean {
  const [type, value] = Object.entries(entry)[0] ?? []
  return SECTION_TYPES[type as SectionType]?.schema.safeParse(value).success ?? false
}

/** The locale's home sections: the English layout, each library section in the edition's words or left out. */
export function localeLayout(english: HomeLayoutEntry[], edition: Edition | undefined): HomeLayoutEntry[] {
  const words = layoutWords(english, edition ?? {})
  const paths = textPaths(english)
  return english.flatMap((entry, i) => {
    if ('home' in entry) return [entry]
    const own = paths.filter((path) => indexOf(path) === i)
    if (!own.every((path) => String(words[path] ?? '').trim())) return []
    let tree: Record<string, unknown> = { home: { layout: english } }
    for (const path of own) tree = withValueAt(tree, path, words[path])
    const worded = (valueAt(tree, ROOT) as HomeLayoutEntry[])[i]!
    return fits(worded) ? [worded] : []
  })
}
