/**
 * What Markdown becomes, sanitized as HTML: only the elements and attributes the renderer itself
 * writes (lib/markdown.ts) survive, with the class names it writes, and every href and src is
 * checked as a browser reads it (entities decoded, tabs and line breaks dropped). The author-facing
 * guard (unsafeMarkup) names the line of anything it refuses; this is the depth below it, so a
 * post that slips past the guard still cannot carry a form, a meta refresh or an event handler.
 * js-xss (the `xss` package) is an allowlist filter in plain JavaScript with no dependency on a
 * DOM, so the build (Node) and the worker (workerd) run the same one (docs/decisions.md).
 */
import xss, { type IWhiteList } from 'xss'

// The package is CommonJS whose helpers are attached to its default export in a loop, which Node
// cannot see as named exports; its types declare them as the module's.
const { escapeAttrValue, FilterXSS, friendlyAttrValue } = xss as unknown as typeof import('xss')

/** Inline tags that only style text: kept bare (no attributes), since they cannot act. */
export const INLINE_TAGS = [
  'br',
  'sup',
  'sub',
  'abbr',
  'kbd',
  'mark',
  'small',
  's',
  'u',
  'em',
  'strong',
  'b',
  'i',
  'code',
  'del',
] as const

/** Every element and attribute the reading pages' renderer writes, and no other. */
export const ALLOWED_HTML: IWhiteList = {
  ...Object.fromEntries(INLINE_TAGS.map((tag) => [tag, []])),
  p: ['class'],
  section: ['class'],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  ul: ['class'],
  ol: ['class', 'start'],
  li: [],
  blockquote: [],
  pre: [],
  hr: [],
  a: ['href', 'title'],
  figure: ['class'],
  picture: [],
  source: ['type', 'srcset', 'sizes'],
  img: ['src', 'alt', 'width', 'height', 'loading', 'decoding', 'title'],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['align'],
  td: ['align'],
}

/** The class names the renderer writes (the reading pages' styles): no other may style a post. */
const ALLOWED_CLASSES = new Set([
  'article-intro',
  'page-text',
  'legal-intro',
  'prose-section',
  'prose-figure',
])

/** Schemes an address may have; anything else (javascript:, data:, vbscript:…) is dropped. */
const SAFE_SCHEME = /^(?:https?|mailto|tel):/i
/** A scheme as browsers read one: a letter, then letters, digits, +, - or ., then a colon. */
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i

const NAMED_CHARACTERS: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  period: '.',
}

/**
 * An address as a browser reads it: character references decoded (`&#106;`, `&#x6A;`, `&colon;`),
 * then the tabs and line breaks browsers drop from URLs removed, and leading spaces and controls.
 */
export function addressAsBrowsersRead(value: string): string {
  const decoded = value.replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));?/gi, (whole, dec, hex, name) => {
    if (dec || hex) {
      const code = dec ? Number(dec) : Number.parseInt(hex as string, 16)
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd'
    }
    return NAMED_CHARACTERS[(name as string).toLowerCase()] ?? whole
  })
  // eslint-disable-next-line no-control-regex -- what browsers strip from a URL
  return decoded.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '')
}

/** Whether an address is a path, a fragment or has one of the safe schemes, as a browser reads it. */
export function isSafeAddress(value: string): boolean {
  const address = addressAsBrowsersRead(value)
  return !ANY_SCHEME.test(address) || SAFE_SCHEME.test(address)
}

const filter = new FilterXSS({
  whiteList: ALLOWED_HTML,
  // A tag off the list is dropped (its text kept, escaped); these with everything inside them.
  stripIgnoreTag: true,
  stripIgnoreTagBody: [
    'script',
    'style',
    'template',
    'textarea',
    'title',
    'noscript',
    'iframe',
    'object',
    'svg',
    'math',
  ],
  allowCommentTag: false,
  safeAttrValue(_tag, name, value) {
    const readable = friendlyAttrValue(value)
    if (name === 'href' || name === 'src' || name === 'srcset')
      return isSafeAddress(value) && isSafeAddress(readable) ? escapeAttrValue(readable.trim()) : ''
    if (name === 'class')
      return escapeAttrValue(
        readable
          .split(/\s+/)
          .filter((word) => ALLOWED_CLASSES.has(word))
          .join(' '),
      )
    return escapeAttrValue(readable)
  },
})

/**
 * Tags that style the text after them until closed: browsers re-open the formatting ones (`<b>`,
 * `<code>`, `<em>`, `<a>`…) in every block after, the footer's included, if they are left open
 * (issue 59, U9). Every allowlisted element but the void ones and the blocks.
 */
const STYLING_TAGS = new Set<string>([...INLINE_TAGS.filter((tag) => tag !== 'br'), 'a'])
/** The void elements of the allowlist: no closing tag. */
const VOID_TAGS = new Set(['br', 'hr', 'img', 'source'])

/**
 * `html` (already filtered, so its only tags are the allowlist's, their attributes escaped) with
 * its inline tags balanced inside each block: an inline tag still open when a block opens or
 * closes, or at the end, is closed there; a closing tag closes the inline tags opened inside it
 * first; a closing tag of nothing open is dropped. Blocks are left as the filter wrote them (the
 * parser closes them in its own way, inside the page's container).
 */
function balanced(html: string): string {
  const open: string[] = []
  const closeAll = () =>
    open
      .splice(0)
      .reverse()
      .map((tag) => `</${tag}>`)
      .join('')
  const out = html.replace(
    /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g,
    (whole, closing: string, name: string) => {
      const tag = name.toLowerCase()
      if (VOID_TAGS.has(tag)) return whole
      if (!STYLING_TAGS.has(tag)) return closeAll() + whole
      if (!closing) {
        open.push(tag)
        return whole
      }
      const at = open.lastIndexOf(tag)
      if (at < 0) return ''
      return open
        .splice(at)
        .reverse()
        .map((inner) => `</${inner}>`)
        .join('')
    },
  )
  return out + closeAll()
}

/**
 * `html` with only ALLOWED_HTML's elements and attributes, the renderer's classes and safe
 * addresses, and its inline tags closed inside their blocks.
 */
export function sanitizeHtml(html: string): string {
  return balanced(filter.process(html))
}
