/**
 * What a machine suggestion must keep of its English (docs/locales.md, "Suggestions"), field by
 * field: every placeholder (`{title}`), every link and address, the Markdown's shape (headings and
 * their levels, list items, links, bold and emphasis marks, code marks) and every glossary term
 * (names never translated). A suggestion that keeps them is taken; one that wrote a glossary term
 * in other letters or spacing ("Xr-Stores") gets the term back as the glossary spells it; any other
 * loss refuses that field, so nothing that lost one is ever saved. Pure: the service and the
 * property test (tests/unit/suggestion-guards.test.ts) share it.
 */

/** Why a field's suggestion was refused. */
export type GuardRefusal = 'not-text' | 'placeholder' | 'link' | 'markdown' | 'glossary' | 'missing'

export type Guarded = { ok: true; value: string; repaired: boolean } | { ok: false; reason: GuardRefusal }

const PLACEHOLDER = /\{\{?\s*[A-Za-z_][\w.]*\s*\}?\}/g
const ADDRESS = /(?:https?:\/\/|mailto:|tel:)[^\s)\]>"'<]+|\]\(([^)\s]+)\)/g

/** The sorted multiset of a text's matches of `pattern` (group 1 when it has one). */
const tokens = (text: string, pattern: RegExp) =>
  [...text.matchAll(pattern)].map((match) => match[1] ?? match[0]).sort()

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i])

/** The Markdown's shape: heading levels in order, list items, links, and the count of each mark. */
export function markdownShape(text: string): string {
  const lines = text.split('\n')
  const headings = lines.map((line) => /^(#{1,6})\s/.exec(line)?.[1]?.length).filter(Boolean)
  const items = lines.filter((line) => /^\s*(?:[-*+]|\d+[.)])\s/.test(line)).length
  const body = lines.map((line) => line.replace(/^\s*(?:[-*+]|\d+[.)])\s/, '')).join('\n')
  const links = (body.match(/\]\(/g) ?? []).length
  const strong = (body.match(/\*\*|__/g) ?? []).length
  const emphasis = (body.replace(/\*\*|__/g, '').match(/\*/g) ?? []).length
  const code = (body.match(/`/g) ?? []).length
  return JSON.stringify({ headings, items, links, strong, emphasis, code })
}

const count = (text: string, term: string) => text.split(term).length - 1
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A term as a model may respell it: any letter case, a space, hyphen or none between its words. */
const looseTerm = (term: string) =>
  new RegExp(
    term
      .split(/[\s-]+/)
      .map(escape)
      .join('[\\s\\u00a0-]?'),
    'gi',
  )

/**
 * The suggestion with each glossary term of the English spelled as the glossary spells it; null
 * when a term the English has (as often as it has it) is not there in any spelling.
 */
function withGlossary(source: string, text: string, glossary: readonly string[]): string | null {
  let value = text
  // Longer terms first: "XR Stores Studio" before "XR Stores".
  for (const term of [...glossary].sort((a, b) => b.length - a.length)) {
    const wanted = count(source, term)
    if (!wanted || count(value, term) >= wanted) continue
    value = value.replace(looseTerm(term), term)
    if (count(value, term) < wanted) return null
  }
  return value
}

/** One field's suggestion, checked against its English. */
export function guardField(source: string, suggested: unknown, glossary: readonly string[]): Guarded {
  if (typeof suggested !== 'string' || (source.trim() !== '' && suggested.trim() === ''))
    return { ok: false, reason: 'not-text' }
  const text = suggested.replace(/\r\n?/g, '\n')
  if (!sameList(tokens(source, PLACEHOLDER), tokens(text, PLACEHOLDER)))
    return { ok: false, reason: 'placeholder' }
  if (!sameList(tokens(source, ADDRESS), tokens(text, ADDRESS))) return { ok: false, reason: 'link' }
  if (markdownShape(source) !== markdownShape(text)) return { ok: false, reason: 'markdown' }
  const value = withGlossary(source, text, glossary)
  if (value === null) return { ok: false, reason: 'glossary' }
  return { ok: true, value, repaired: value !== text }
}

/** What a reply gave for each asked field. */
export interface CheckedReply {
  /** The fields taken, by path (repaired ones included). */
  taken: Map<string, string>
  repaired: string[]
  refused: { path: string; reason: GuardRefusal }[]
  /** Keys the reply had that were not asked for (ignored). */
  extra: string[]
}

/** Reads a reply (an object, or its JSON as text) for these fields (path → English). */
export function checkReply(
  fields: ReadonlyMap<string, string>,
  reply: unknown,
  glossary: readonly string[],
): CheckedReply {
  let data = reply
  if (typeof data === 'string')
    try {
      data = JSON.parse(data)
    } catch {
      data = null
    }
  const object: Record<string, unknown> =
    data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {}
  const checked: CheckedReply = { taken: new Map(), repaired: [], refused: [], extra: [] }
  for (const [path, source] of fields) {
    if (!Object.hasOwn(object, path)) {
      checked.refused.push({ path, reason: 'missing' })
      continue
    }
    const guarded = guardField(source, object[path], glossary)
    if (!guarded.ok) checked.refused.push({ path, reason: guarded.reason })
    else {
      checked.taken.set(path, guarded.value)
      if (guarded.repaired) checked.repaired.push(path)
    }
  }
  checked.extra = Object.keys(object).filter((key) => !fields.has(key))
  return checked
}
