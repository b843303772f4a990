/**
 * Markdown to the HTML of a reading page, at build time (marked): the paragraphs before the first
 * `## heading` are the intro, and each `##` opens a <section class="prose-section">, the markup
 * the reading pages style (styles/pages.css). E-mail addresses become
 * mailto: links (GFM autolinks); a paragraph that is only an image becomes a figure.
 */
import { Marked, type Token, type Tokens } from 'marked'

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
        const items = list.items.map((item) => `<li>${this.parser.parseInline(inlineOf(item))}</li>`)
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
  const html = parts.join('')
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

/** A list item's inline tokens (a tight item holds one text block). */
function inlineOf(item: Tokens.ListItem): Token[] {
  return item.tokens.flatMap((token) =>
    'tokens' in token && token.tokens && token.type === 'text' ? token.tokens : [token],
  )
}
