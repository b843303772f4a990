/**
 * A small strict XML reader for the files the console takes in (lib/xliff-read.ts): elements,
 * attributes, text, character and the five named references, CDATA, comments and processing
 * instructions, and namespaces by their URI whatever the prefix. No DTD (a `<!DOCTYPE` is
 * refused, so no entity can expand), no external anything. Ours rather than a package: a well-kept
 * parser (fast-xml-parser) weighs more gzip than the worker's whole budget has left, and XLIFF
 * needs only this. Anything else is a `XmlError` naming where it stopped.
 */

export interface XmlElement {
  /** The element's namespace URI ('' for none). */
  ns: string
  /** Its local name (without the prefix). */
  name: string
  /** Attributes by their name as written (`state`, `xml:lang`). */
  attrs: Record<string, string>
  children: (XmlElement | string)[]
}

export class XmlError extends Error {}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
const NAME = /[A-Za-z_][\w.:-]*/y
const XML_CHAR = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]$/u
const MAX_DEPTH = 32

/** Text with its references read; a reference to what XML may not hold is an error. */
function decode(text: string): string {
  if (text.includes('<')) throw new XmlError('a “<” inside text or a value')
  return text.replace(/&([^;&\s]{0,10});?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw new XmlError(`an “&” that starts no reference`)
    const code = /^#x[0-9a-f]+$/i.test(ref)
      ? parseInt(ref.slice(2), 16)
      : /^#\d+$/.test(ref)
        ? Number(ref.slice(1))
        : undefined
    if (code === undefined) {
      if (!Object.hasOwn(NAMED, ref)) throw new XmlError(`an unknown reference &${ref};`)
      return NAMED[ref]!
    }
    const ch = code <= 0x10ffff ? String.fromCodePoint(code) : ''
    if (!XML_CHAR.test(ch)) throw new XmlError(`a reference to a character XML may not hold`)
    return ch
  })
}

/** Reads a whole document: its one root element. */
export function readXml(input: string): XmlElement {
  // XML's end-of-line handling: a line break is one \n (a \r the file meant is written &#13;).
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  let at = 0
  const bad = /[^\t\n\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u.exec(text)
  if (bad) at = bad.index
  const fail = (why: string): never => {
    throw new XmlError(`${why} (line ${text.slice(0, at).split('\n').length})`)
  }
  const skipUntil = (end: string) => {
    const found = text.indexOf(end, at)
    if (found < 0) fail(`no “${end}” to close what began here`)
    const skipped = text.slice(at, found)
    at = found + end.length
    return skipped
  }
  /** Comments, processing instructions and white space between elements. */
  const skipMisc = () => {
    for (;;) {
      while (/\s/.test(text[at] ?? '')) at++
      if (text.startsWith('<!--', at)) skipUntil('-->')
      else if (text.startsWith('<?', at)) skipUntil('?>')
      else return
    }
  }
  const name = () => {
    NAME.lastIndex = at
    const match = NAME.exec(text) ?? fail('a name was expected')
    at += match[0].length
    return match[0]
  }

  function element(scope: Record<string, string>, depth: number): XmlElement {
    if (depth > MAX_DEPTH) fail('elements nested too deep')
    at++ // <
    const qualified = name()
    const attrs: Record<string, string> = {}
    for (;;) {
      const spaced = /\s/.test(text[at] ?? '')
      while (/\s/.test(text[at] ?? '')) at++
      if (text.startsWith('/>', at) || text[at] === '>') break
      if (!spaced) fail('attributes need a space between them')
      const key = name()
      while (/\s/.test(text[at] ?? '')) at++
      if (text[at++] !== '=') fail(`the attribute ${key} has no “=”`)
      while (/\s/.test(text[at] ?? '')) at++
      const quote = text[at++]
      if (quote !== '"' && quote !== "'") fail(`the attribute ${key} has no quotes`)
      if (Object.hasOwn(attrs, key)) fail(`the attribute ${key} is there twice`)
      attrs[key] = decode(skipUntil(quote!).replace(/[\t\n]/g, ' '))
    }
    const own = { ...scope }
    for (const [key, value] of Object.entries(attrs))
      if (key === 'xmlns' || key.startsWith('xmlns:')) own[key.slice(6)] = value
    const colon = qualified.indexOf(':')
    const prefix = colon < 0 ? '' : qualified.slice(0, colon)
    const ns = own[prefix] ?? (prefix ? fail(`the prefix ${prefix} is not declared`) : '')
    const node: XmlElement = { ns, name: qualified.slice(colon + 1), attrs, children: [] }
    if (text.startsWith('/>', at)) {
      at += 2
      return node
    }
    at++ // >
    for (;;) {
      const next = text.indexOf('<', at)
      if (next < 0) fail(`the element ${qualified} is never closed`)
      if (next > at) node.children.push(decode(text.slice(at, next)))
      at = next
      if (text.startsWith('</', at)) {
        at += 2
        if (name() !== qualified) fail(`the element ${qualified} is closed by another`)
        while (/\s/.test(text[at] ?? '')) at++
        if (text[at++] !== '>') fail('a closing tag without “>”')
        return node
      }
      if (text.startsWith('<!--', at)) skipUntil('-->')
      else if (text.startsWith('<![CDATA[', at)) {
        at += 9
        node.children.push(skipUntil(']]>'))
      } else if (text.startsWith('<?', at)) skipUntil('?>')
      else if (text.startsWith('<!', at)) fail('a declaration this reader does not take')
      else node.children.push(element(own, depth + 1))
    }
  }

  if (bad) fail('a character XML may not hold')
  skipMisc()
  if (text.startsWith('<!', at)) fail('a DOCTYPE, which this reader does not take')
  if (text[at] !== '<') fail('no element where the document should begin')
  const root = element({ xml: 'http://www.w3.org/XML/1998/namespace' }, 0)
  skipMisc()
  if (at < text.length) fail('more after the document’s end')
  return root
}

/** The element children of `node` in namespace `ns` named `name`. */
export const childrenOf = (node: XmlElement, ns: string, name: string): XmlElement[] =>
  node.children.filter(
    (child): child is XmlElement => typeof child !== 'string' && child.ns === ns && child.name === name,
  )
