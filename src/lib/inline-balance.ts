/**
 * The author guard's half of issue 59's U9: an inline tag a block of a post leaves open, or closes
 * without opening. The sanitizer (lib/safe-html.ts) closes it at the end of its block either way, so
 * nothing after the post is restyled; the guard names the line, since the author meant something
 * else.
 */
import type { Token, Tokens } from 'marked'
import { INLINE_TAGS } from './safe-html.ts'

const INERT_TAGS = new Set<string>(INLINE_TAGS)

/** Each inline tag left open or closed without opening, with the document's line it is on. */
export function unbalancedTags(
  tokens: Token[],
  lineOf: (raw: string) => number,
): { line: number; problem: string }[] {
  return inlineBlocks(tokens).flatMap((block) => {
    const start = lineOf(block.raw)
    const lineAt = (offset: number) => start + block.raw.slice(0, offset).split('\n').length - 1
    return unbalanced(block).map(({ at, problem }) => ({ line: lineAt(at), problem }))
  })
}

/** A block of text the reader sees as one: a paragraph, a heading, a list item, a table cell, an HTML block. */
interface InlineBlock {
  kind: string
  raw: string
  tokens: Token[]
}

/** The document's blocks of inline text, in order, wherever they are (quotes and lists included). */
function inlineBlocks(tokens: Token[]): InlineBlock[] {
  return tokens.flatMap((token): InlineBlock[] => {
    switch (token.type) {
      case 'paragraph':
      case 'heading':
        return [{ kind: token.type, raw: token.raw, tokens: (token as Tokens.Paragraph).tokens }]
      case 'html':
        return [{ kind: 'paragraph', raw: token.raw, tokens: [token] }]
      case 'blockquote':
        return inlineBlocks((token as Tokens.Blockquote).tokens)
      case 'list':
        return (token as Tokens.List).items.flatMap((item) => {
          const text = item.tokens.filter((inner) => inner.type === 'text')
          const rest = item.tokens.filter((inner) => inner.type !== 'text')
          return [
            ...(text.length ? [{ kind: 'list item', raw: item.raw, tokens: text }] : []),
            ...inlineBlocks(rest),
          ]
        })
      case 'table': {
        const table = token as Tokens.Table
        return [...table.header, ...table.rows.flat()].map((cell) => ({
          kind: 'table cell',
          raw: token.raw,
          tokens: cell.tokens,
        }))
      }
      default:
        return []
    }
  })
}

/** An inline tag, opening or closing, anywhere in a piece of raw HTML. */
const ANY_BARE_TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\s*\/?>/g

/**
 * The inline tags a block leaves open or closes without opening (issue 59, U9): the page's
 * sanitizer closes them at the end of the block, but the author meant something else, so the
 * guard names each one, at its offset in the block's raw text.
 */
function unbalanced(block: InlineBlock): { at: number; problem: string }[] {
  const open: { tag: string; at: number }[] = []
  const problems: { at: number; problem: string }[] = []
  let cursor = 0
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      const at = Math.max(block.raw.indexOf(token.raw, cursor), cursor)
      const rawHtml =
        token.type === 'html' || (token.type === 'text' && (token as Tokens.Text).escaped === true)
      if (rawHtml)
        for (const [whole, closing, name] of token.raw.matchAll(ANY_BARE_TAG)) {
          const tag = name!.toLowerCase()
          if (tag === 'br' || !INERT_TAGS.has(tag)) continue
          const offset = at + token.raw.indexOf(whole)
          if (!closing) open.push({ tag, at: offset })
          else if (open.at(-1)?.tag === tag) open.pop()
          else
            problems.push({
              at: offset,
              problem: `</${tag}> closes nothing that is open here: remove it, or put <${tag}> before it in the same ${block.kind}`,
            })
        }
      if ('tokens' in token && token.tokens && !rawHtml) {
        cursor = at
        visit(token.tokens)
      }
      cursor = Math.max(cursor, at + (rawHtml || !('tokens' in token) ? token.raw.length : 0))
    }
  }
  visit(block.tokens)
  for (const { tag, at } of open)
    problems.push({
      at,
      problem: `<${tag}> is not closed: put </${tag}> where it should end, in the same ${block.kind}, or everything after it is styled by it`,
    })
  return problems
}
