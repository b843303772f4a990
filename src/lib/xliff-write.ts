/**
 * XLIFF 2.0 (OASIS, urn:oasis:names:tc:xliff:document:2.0), the subset a translation agency's tool
 * exchanges with the studio (docs/locales.md, "Working with a translation agency"): one `<file>` per
 * document, one `<unit>` per field, one `<segment>` with its `state`, our own words for what XLIFF
 * has none for in the Metadata module (`mda`) and a `subState`. Every character survives: text is
 * escaped, and a character XML 1.0 cannot carry at all (a control, a lone surrogate) is written as
 * the standard's `<cp hex="…"/>`. Read back by lib/xliff-read.ts.
 */
import { escapeXml } from './xml'

export const XLIFF_NS = 'urn:oasis:names:tc:xliff:document:2.0'
export const MDA_NS = 'urn:oasis:names:tc:xliff:metadata:2.0'
/** The prefix of our `subState` values and the category of our metadata and notes. */
export const OUR_PREFIX = 'xrstores'

export const XLIFF_STATES = ['initial', 'translated', 'reviewed', 'final'] as const
export type XliffState = (typeof XLIFF_STATES)[number]

export interface XliffUnit {
  /** The field's dot path (home.hero.title). */
  id: string
  source: string
  /** Absent: no translation yet. */
  target?: string
  state: XliffState
  /** `xrstores:machine`, `xrstores:outdated`: what `state` has no word for. */
  subState?: string
  /** Our metadata, type → value (status, source-hash). */
  meta: Record<string, string>
  /** Notes for the agency's translator, not read back. */
  notes?: string[]
  /** Set by the reader: the unit holds markup the studio does not take (a placeholder element, say). */
  markup?: boolean
  /** Set by the reader: the languages its source and target say they are in, when they say. */
  sourceLang?: string
  targetLang?: string
}

export interface XliffFile {
  id: string
  units: XliffUnit[]
}

export interface XliffDocument {
  srcLang: string
  trgLang: string
  files: XliffFile[]
}

/** A character XML 1.0 may not hold, even as a reference. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

const hex = (ch: string) => ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')

/** Inline content of a source or target: escaped, `\r` as a reference (a parser would drop it), `<cp/>` for the rest. */
export function inlineXml(text: string): string {
  return text
    .replace(/[&<>]/g, (ch) => `&#${ch.charCodeAt(0)};`)
    .replace(/\r/g, '&#13;')
    .replace(NOT_XML, (ch) => `<cp hex="${hex(ch)}"/>`)
}

/** An attribute's value or a note: escaped, what XML cannot hold replaced (notes are not read back). */
const plainXml = (text: string) =>
  escapeXml(text.replace(NOT_XML, '\uFFFD')).replace(/[\t\n\r]/g, (ch) => `&#${ch.charCodeAt(0)};`)

function unitXml(unit: XliffUnit, srcLang: string, trgLang: string): string {
  const meta = Object.entries(unit.meta)
    .map(([type, value]) => `<mda:meta type="${plainXml(type)}">${plainXml(value)}</mda:meta>`)
    .join('')
  const notes = unit.notes?.length
    ? `<notes>${unit.notes.map((note) => `<note category="${OUR_PREFIX}">${plainXml(note)}</note>`).join('')}</notes>`
    : ''
  const subState = unit.subState ? ` subState="${plainXml(unit.subState)}"` : ''
  const target =
    unit.target === undefined ? '' : `<target xml:lang="${trgLang}">${inlineXml(unit.target)}</target>`
  return [
    `    <unit id="${plainXml(unit.id)}">`,
    meta
      ? `<mda:metadata><mda:metaGroup category="${OUR_PREFIX}">${meta}</mda:metaGroup></mda:metadata>`
      : '',
    notes,
    `<segment state="${unit.state}"${subState}><source xml:lang="${srcLang}">${inlineXml(unit.source)}</source>${target}</segment></unit>`,
  ].join('')
}

/** The document as an XLIFF 2.0 file's text. */
export function writeXliff({ srcLang, trgLang, files }: XliffDocument): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff xmlns="${XLIFF_NS}" xmlns:mda="${MDA_NS}" version="2.0" srcLang="${srcLang}" trgLang="${trgLang}">`,
  ]
  for (const file of files) {
    lines.push(`  <file id="${plainXml(file.id)}" xml:space="preserve">`)
    lines.push(...file.units.map((unit) => unitXml(unit, srcLang, trgLang)))
    lines.push('  </file>')
  }
  lines.push('</xliff>', '')
  return lines.join('\n')
}
