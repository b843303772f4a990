/**
 * Markdown to the HTML of a reading page (marked): at build time for the posts and legal pages in
 * the repository, and in the worker for posts written in the console: the paragraphs before the first
 * `## heading` are the intro, and each `##` opens a <section class="prose-section">, the markup
 * the reading pages style (styles/pages.css). E-mail addresses become
 * mailto: links (GFM autolinks); a paragraph that is only an image becomes a figure. What it writes
 * is sanitized as HTML (lib/safe-html.ts): the guard below names an author's mistake, the
 * sanitizer is what keeps a page safe.
 */
import { Marked, type Token, type Tokens } from 'marked'
import { fallbackUrlOf, pictureSources, type RasterImage } from './picture.ts'
import { unbalancedTags } from './inline-balance.ts'
import { addressAsBrowsersRead, INLINE_TAGS, isSafeAddress, sanitizeHtml } from './safe-html.ts'

/** Reading speed behind "N min read". */
const WORDS_PER_MINUTE = 200
/** Images in a reading column: its width (48rem less padding) or the screen less its margins. */
const PROSE_IMAGE_SIZES =
  '(min-width: 48rem) 45rem, (min-width: 40rem) calc(100vw - 3rem), calc(100vw - 2rem)'

/** "N min read" for a text of `words` words. */
export const readingMinutes = (words: number) => Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))

export interface RenderOptions {
  /** Class of the intro paragraphs (an article's lead or a legal page's opening). */
  introClass: string
  /** The <picture> (or <img>) markup of an image, by its address. */
  picture: (image: Tokens.Image) => string
}

const marked = new Marked({ gfm: true })

export function lexMarkdown(source: string): Token[] {
  return marked.lexer(source)
}

/** The author guard allows the inline tags the sanitizer keeps, bare (lib/safe-html.ts). */
const INERT_TAGS = new Set<string>(INLINE_TAGS)

/** A bare tag, opening or closing, with no attributes. */
const BARE_TAG = /^<\/?([a-zA-Z][a-zA-Z0-9]*)\s*\/?>/

/**
 * Why a piece of raw HTML (a token marked parsed as HTML) may not be in a post, or undefined when
 * it is only text and bare inert tags. Read left to right, every `<` must open an allowed bare
 * tag; anything else (a comment, whose end browsers find in more ways than one, CDATA, a
 * processing instruction, any attribute) is refused whole.
 */
function htmlProblem(raw: string): string | undefined {
  let rest = raw
  for (let at = rest.indexOf('<'); at >= 0; at = rest.indexOf('<')) {
    const tag = BARE_TAG.exec(rest.slice(at))
    if (!tag || !INERT_TAGS.has(tag[1]!.toLowerCase()))
      return `raw HTML ${rest.slice(at, at + 60).trim()} is not allowed: a post may not carry markup that can act (scripts, forms, frames, event handlers, comments); write it in Markdown`
    rest = rest.slice(at + tag[0].length)
  }
  return undefined
}

/**
 * Why a link or image address may not be in a post: a scheme that runs script or opens an app, as
 * a browser reads the address (`javascript&colon;`, `&#106;avascript:` and a tab inside count).
 */
function addressProblem(href: string): string | undefined {
  return isSafeAddress(href)
    ? undefined
    : `the address "${addressAsBrowsersRead(href).slice(0, 60)}" is not allowed: only http(s), mailto:, tel: and paths`
}

/**
 * What a document may not carry, each with the body's line it is on: raw HTML (only bare inert
 * inline tags such as <sup> pass), and links or images whose address
 * could run script (javascript:, data:, vbscript:…). The build fails on any of them.
 */
export function unsafeMarkup(tokens: Token[], body: string): { line: number; problem: string }[] {
  const found: { line: number; problem: string }[] = []
  const lineOf = (raw: string) => {
    const at = body.indexOf(raw)
    return at < 0 ? 1 : body.slice(0, at).split('\n').length
  }
  marked.walkTokens(tokens, (token) => {
    // After an inline tag marked writes the rest of the paragraph's text as it is ("escaped"), so
    // that text is raw HTML too.
    const rawText = token.type === 'text' && (token as Tokens.Text).escaped === true
    const problem =
      token.type === 'html' || rawText
        ? htmlProblem(token.raw)
        : token.type === 'link' || token.type === 'image'
          ? addressProblem((token as Tokens.Link).href)
          : undefined
    if (problem) found.push({ line: lineOf(token.raw), problem })
  })
  found.push(...unbalancedTags(tokens, lineOf))
  return found.sort((a, b) => a.line - b.line)
}

/** Every image of a document, in order. */
export function imagesOf(tokens: Token[]): Tokens.Image[] {
  const images: Tokens.Image[] = []
  marked.walkTokens(tokens, (token) => {
    if (token.type === 'image') images.push(token as Tokens.Image)
  })
  return images
}

export function renderMarkdown(tokens: Token[], options: RenderOptions): { html: string; words: number } {
  let paragraphClass = options.introClass
  const renderer = new Marked({
    gfm: true,
    renderer: {
      paragraph({ tokens: inline }) {
        const [only] = inline
        if (inline.length === 1 && only?.type === 'image')
          return `<figure class="prose-figure">${options.picture(only as Tokens.Image)}</figure>\n`
        return `<p class="${paragraphClass}">${this.parser.parseInline(inline)}</p>\n`
      },
      list(list) {
        const tag = list.ordered ? 'ol' : 'ul'
        // An item of text (a tight or a loose list) is its inline text; one holding blocks (a
        // nested list, code) is parsed as blocks, which parseInline cannot take.
        const items = list.items.map((item) =>
          item.tokens.every((token) => INLINE_BLOCKS.has(token.type))
            ? `<li>${this.parser.parseInline(inlineOf(item))}</li>`
            : `<li>${this.parser.parse(item.tokens)}</li>`,
        )
        return `<${tag} class="page-text">${items.join('')}</${tag}>\n`
      },
      image: (image) => options.picture(image),
    },
  })
  const [intro, ...sections] = splitAtHeadings(tokens)
  const parts = [renderer.parser(intro?.body ?? [])]
  paragraphClass = 'page-text'
  for (const { heading, body } of sections) {
    const title = renderer.parseInline(heading?.text ?? '')
    parts.push(`<section class="prose-section"><h2>${title}</h2>\n${renderer.parser(body)}</section>\n`)
  }
  const html = sanitizeHtml(parts.join(''))
  const words = html
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length
  return { html, words }
}

/** The tokens before the first h2, then one group per h2. */
function splitAtHeadings(tokens: Token[]): { heading?: Tokens.Heading; body: Token[] }[] {
  const groups: { heading?: Tokens.Heading; body: Token[] }[] = [{ body: [] }]
  for (const token of tokens) {
    if (token.type === 'heading' && (token as Tokens.Heading).depth === 2)
      groups.push({ heading: token as Tokens.Heading, body: [] })
    else groups.at(-1)?.body.push(token)
  }
  return groups
}

/** Blocks a list item may hold and still be one line of text: text, paragraphs and the space between. */
const INLINE_BLOCKS = new Set(['text', 'paragraph', 'space'])

/** A list item's inline tokens: its text blocks' and paragraphs' (a tight item holds one text block). */
function inlineOf(item: Tokens.ListItem): Token[] {
  return item.tokens.flatMap((token) => {
    if (token.type === 'space') return []
    return 'tokens' in token && token.tokens && (token.type === 'text' || token.type === 'paragraph')
      ? token.tokens
      : [token]
  })
}

/** An image of a reading page: a <picture> of its built sizes, or one <img> for any other file. */
export function pictureHtml(
  src: string,
  alt: string,
  image: { width: number; height: number; raster?: RasterImage },
) {
  const attr = (value: string | number) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;')
  const img = (url: string) =>
    `<img src="${attr(url)}" alt="${attr(alt)}" width="${image.width}" height="${image.height}" loading="lazy" decoding="async"/>`
  if (!image.raster) return img(src)
  const sources = pictureSources(image.raster, PROSE_IMAGE_SIZES)
    .map((s) => `<source type="${s.type}" srcset="${attr(s.srcSet)}" sizes="${attr(s.sizes)}"/>`)
    .join('')
  return `<picture>${sources}${img(fallbackUrlOf(image.raster))}</picture>`
}
