/**
 * An XLIFF 2.0 file read back into what lib/xliff-write.ts wrote (docs/locales.md, "Working with a
 * translation agency"). Strict about the frame (the root, its version and languages, a file's and a
 * unit's id) and forgiving where a translation tool may differ from us: groups, several segments to
 * a unit (a tool that splits sentences: read joined, the least finished state winning), ignorables,
 * CDATA, other prefixes. A unit with markup the studio does not take (`<ph>`, `<pc>`, `<mrk>`…)
 * comes back marked, for the import to refuse in words.
 */
import { childrenOf, readXml, XmlError, type XmlElement } from './xml-read'
import {
  MDA_NS,
  XLIFF_NS,
  XLIFF_STATES,
  type XliffDocument,
  type XliffFile,
  type XliffState,
  type XliffUnit,
} from './xliff-write'

export type XliffRead = { ok: true; value: XliffDocument } | { ok: false; why: string }

const isState = (value: string | undefined): value is XliffState =>
  (XLIFF_STATES as readonly string[]).includes(value ?? '')

/** A source's or target's words: its text and `<cp/>`s; undefined when it holds other markup. */
function inline(node: XmlElement): string | undefined {
  let words = ''
  for (const child of node.children) {
    if (typeof child === 'string') words += child
    else if (child.ns === XLIFF_NS && child.name === 'cp' && /^[0-9A-Fa-f]{4,6}$/.test(child.attrs.hex ?? ''))
      words += String.fromCodePoint(Math.min(parseInt(child.attrs.hex!, 16), 0x10ffff))
    else return undefined
  }
  return words
}

function unitOf(node: XmlElement): XliffUnit {
  const id = node.attrs.id
  if (!id) throw new XmlError('a unit without an id')
  const meta: Record<string, string> = {}
  for (const metadata of childrenOf(node, MDA_NS, 'metadata'))
    for (const group of childrenOf(metadata, MDA_NS, 'metaGroup'))
      for (const entry of childrenOf(group, MDA_NS, 'meta'))
        if (entry.attrs.type) meta[entry.attrs.type] = inline(entry) ?? ''
  const parts = node.children.filter(
    (child): child is XmlElement =>
      typeof child !== 'string' &&
      child.ns === XLIFF_NS &&
      (child.name === 'segment' || child.name === 'ignorable'),
  )
  if (!parts.length) throw new XmlError(`the unit ${id} has no segment`)
  let source = ''
  let target: string | undefined
  let markup = false
  let rank = XLIFF_STATES.length - 1
  let subState: string | undefined
  const unit: Pick<XliffUnit, 'sourceLang' | 'targetLang'> = {}
  for (const part of parts) {
    const [from] = childrenOf(part, XLIFF_NS, 'source')
    if (!from) throw new XmlError(`a segment of the unit ${id} has no source`)
    const [to] = childrenOf(part, XLIFF_NS, 'target')
    const words = inline(from)
    const translated = to ? inline(to) : part.name === 'ignorable' ? words : undefined
    if (words === undefined || (to && translated === undefined)) markup = true
    source += words ?? ''
    if (translated !== undefined) target = (target ?? '') + translated
    unit.sourceLang ??= from.attrs['xml:lang']
    unit.targetLang ??= to?.attrs['xml:lang']
    if (part.name !== 'segment') continue
    const state = part.attrs.state ?? 'initial'
    if (!isState(state)) throw new XmlError(`the unit ${id} has a state XLIFF does not know: ${state}`)
    if (XLIFF_STATES.indexOf(state) <= rank) {
      rank = XLIFF_STATES.indexOf(state)
      subState = part.attrs.subState
    }
  }
  const state = XLIFF_STATES[rank]!
  return { id, source, target, state, subState, meta, markup, ...unit }
}

function unitsIn(node: XmlElement): XliffUnit[] {
  return node.children.flatMap((child) =>
    typeof child === 'string' || child.ns !== XLIFF_NS
      ? []
      : child.name === 'unit'
        ? [unitOf(child)]
        : child.name === 'group'
          ? unitsIn(child)
          : [],
  )
}

/** Reads an XLIFF 2.x file; `why` says in words what is wrong with one that is not. */
export function readXliff(text: string): XliffRead {
  try {
    const root = readXml(text)
    if (root.ns !== XLIFF_NS || root.name !== 'xliff')
      throw new XmlError('it is not an XLIFF 2 file (its first element is not XLIFF 2.0’s <xliff>)')
    if (!/^2\.\d$/.test(root.attrs.version ?? ''))
      throw new XmlError(`it says it is XLIFF ${root.attrs.version ?? 'of no version'}, not 2`)
    const { srcLang, trgLang } = root.attrs
    if (!srcLang || !trgLang) throw new XmlError('it does not say which languages it is in')
    const files: XliffFile[] = childrenOf(root, XLIFF_NS, 'file').map((file) => {
      if (!file.attrs.id) throw new XmlError('a file without an id')
      return { id: file.attrs.id, units: unitsIn(file) }
    })
    return { ok: true, value: { srcLang, trgLang, files } }
  } catch (error) {
    if (error instanceof XmlError) return { ok: false, why: error.message }
    throw error
  }
}
