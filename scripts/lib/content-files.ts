/**
 * How `npm run content:pull` writes the studio's published editions back into src/content: a
 * changed string is replaced where the repository writes it (the one string literal with the old
 * text under the same property name), and a post becomes its Markdown file. What cannot be placed
 * that way (a list changed as a whole, a string the source builds from parts, a cover that lives in
 * the media library) is reported, for a developer to copy by hand; the edition keeps it meanwhile.
 */
import ts from 'typescript'
import { stringify } from 'yaml'

/** One text replacement in one file. */
export interface Replacement {
  file: string
  start: number
  end: number
  text: string
}

/** The last key of a dot path, the property the value is written under. */
const propertyOf = (path: string) => path.split('.').at(-1)!

const nameOf = (node: ts.Node): string | undefined =>
  ts.isPropertyAssignment(node) && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))
    ? node.name.text
    : undefined

/** Single-quoted, as prettier writes this project's strings. */
export const literalOf = (text: string): string =>
  `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`

/**
 * Where the source writes `was` as the value of `path`'s property: every string literal equal to
 * `was` under a property of that name (or as an item of a list, for a numeric key).
 */
export function placesOf(files: Map<string, string>, path: string, was: string): Replacement[] {
  const key = propertyOf(path)
  const places: Replacement[] = []
  for (const [file, text] of files) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    const visit = (node: ts.Node) => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && node.text === was) {
        const parent = node.parent
        const fits = /^\d+$/.test(key) ? ts.isArrayLiteralExpression(parent) : nameOf(parent) === key
        if (fits) places.push({ file, start: node.getStart(source), end: node.getEnd(), text: '' })
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return places
}

/** A picture of the media library lives in R2, not in the repository. */
const LIBRARY = '/media/library/'
const IN_LIBRARY = 'is in the media library (R2); put the picture in src/media first'

/**
 * Where one field of an edition goes: the one literal that holds the repository's value, or a
 * line for the by-hand list (a picture in R2, a value that is not one string in one place).
 */
export function placeField(
  files: Map<string, string>,
  doc: string,
  path: string,
  was: unknown,
  value: unknown,
): { replacement: Replacement } | { byHand: string } {
  if (JSON.stringify(value ?? null).includes(LIBRARY)) return { byHand: `${doc}: ${path} ${IN_LIBRARY}` }
  const places = typeof was === 'string' && typeof value === 'string' ? placesOf(files, path, was) : []
  if (places.length === 1) return { replacement: { ...places[0]!, text: literalOf(value as string) } }
  return { byHand: `${doc}: ${path} (${places.length > 1 ? 'written in several places' : 'not one string'})` }
}

/** A post's cover in the media library: the post stays in the studio until the picture is in git. */
export const coverByHand = (doc: string, post: PostSource) =>
  post.image.src.startsWith(LIBRARY) ? `${doc}: its cover ${IN_LIBRARY}` : undefined

/** The files with the replacements made (each file's from its end, so offsets stay true). */
export function applyReplacements(
  files: Map<string, string>,
  replacements: Replacement[],
): Map<string, string> {
  const changed = new Map<string, string>()
  for (const { file, start, end, text: value } of [...replacements].sort((a, b) => b.start - a.start)) {
    const text = changed.get(file) ?? files.get(file)!
    changed.set(file, text.slice(0, start) + value + text.slice(end))
  }
  return changed
}

/** A post as the studio edits it (schemas/posts.ts, postDraftSchema). */
export interface PostSource {
  title: string
  description: string
  date: string
  author: string
  slug: string
  image: { src: string; alt: string; width: number; height: number }
  body: string
}

/** A post's Markdown file, its frontmatter in the order and style of src/content/blog. */
export function markdownOf(post: PostSource): string {
  const { title, description, date, author, image, slug, body } = post
  const frontmatter = stringify(
    { title, description, date, author, image: image.src, slug },
    {
      defaultStringType: 'QUOTE_SINGLE',
      defaultKeyType: 'PLAIN',
      lineWidth: 0,
    },
  )
    .replace(/^date: '(\d{4}-\d{2}-\d{2})'$/m, 'date: $1')
    .replace(/^(author|image|slug): '([^':#]+)'$/gm, '$1: $2')
  return `---\n${frontmatter}---\n\n${body.trim()}\n`
}

/** The name a landing page's module is imported by in the index: its address in camelCase. */
const moduleNameOf = (slug: string) =>
  'page' + slug.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, char: string) => char.toUpperCase())

/** A landing page as its file in src/content/landing: typed data, checked by its schema's type. */
export function landingPageFile(page: { slug: string }): string {
  return `import type { ComposedPageDraft } from '../../schemas/composed-pages'

/** The landing page at /${page.slug}, as the studio published it (written by npm run content:pull). */
export default ${JSON.stringify(page, null, 2)} satisfies ComposedPageDraft
`
}

/** src/content/landing/index.ts listing the pages of these addresses (each a file of that name). */
export function landingIndexFile(slugs: string[]): string {
  const sorted = [...slugs].sort()
  return `/**
 * The landing pages the repository holds, shown at their addresses unless the studio takes one
 * off, and the defaults its editions override, as posts are. \`npm run content:pull\` writes each
 * page the studio published into this folder as a file of its own and lists it here.
 */
import type { ComposedPageDraft } from '../../schemas/composed-pages'
${sorted.map((slug) => `import ${moduleNameOf(slug)} from './${slug}'\n`).join('')}
export const landingPages: ComposedPageDraft[] = [${sorted.map(moduleNameOf).join(', ')}]
`
}
