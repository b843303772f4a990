/**
 * The studio's kinds of document are told apart in one place (src/lib/document-kinds.ts): a name's
 * kind and slug round-trip there, and no other source file parses a kind's prefix itself.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PART_PATHS } from '../../src/lib/console-parts'
import {
  ADDRESSED_KINDS,
  DOCUMENT_KINDS,
  documentNames,
  documentOf,
  kindOf,
  slugOf,
  type AddressedKind,
} from '../../src/lib/document-kinds'

const REGISTRY = 'src/lib/document-kinds.ts'

/** Every TypeScript file under src/, as [path, text]. */
function sources(dir = 'src'): [string, string][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) ? [[path, readFileSync(path, 'utf8')] as [string, string]] : []
  })
}

describe('the document kinds', () => {
  it('round-trip a slug through each addressed kind, and call any other name copy', () => {
    for (const kind of Object.keys(ADDRESSED_KINDS) as AddressedKind[]) {
      const doc = documentOf(kind, 'nrf-2027')
      expect([kindOf(doc), slugOf(doc)]).toEqual([kind, 'nrf-2027'])
    }
    expect([kindOf('home-hero'), slugOf('home-hero')]).toEqual(['copy', undefined])
  })

  it('are parsed nowhere else: no source spells a prefix or cuts one off by its length', () => {
    const kinds = Object.keys(ADDRESSED_KINDS)
    const constant = `(${kinds.join('|').toUpperCase()})_PREFIX` // POST_PREFIX, PAGE_PREFIX
    const parsing = new RegExp(
      [
        ...Object.values(ADDRESSED_KINDS).map((prefix) => `['"\`]${prefix}`), // 'post:…' spelled out
        `${constant}\\.length`, // cut off by its length
        `startsWith\\(${constant}\\)`, // tested by hand
        `${constant} \\+`, // joined by hand
      ].join('|'),
    )
    const offenders = sources()
      .filter(([path]) => path !== REGISTRY)
      .flatMap(([path, text]) =>
        text
          .split('\n')
          .map((line, i) => [`${path}:${i + 1}`, line] as const)
          .filter(([, line]) => parsing.test(line) && !/^\s*(\/\*\*|\*|\/\/)/.test(line)),
      )
      .map(([where]) => where)
    expect(offenders).toEqual([])
  })

  it('take a kind more as one row: its names round-trip, its documents list under its part, the others unchanged', () => {
    // A developer's new kind, as one row beside the others (an event page edited under Landing pages).
    const names = documentNames({ ...DOCUMENT_KINDS, event: { prefix: 'event:', part: 'landing' } })
    const doc = names.documentOf('event', 'nrf-2027')
    expect([names.kindOf(doc), names.slugOf(doc)]).toEqual(['event', 'nrf-2027'])
    expect(PART_PATHS[names.partOf(doc)]).toBe('/admin/pages')
    for (const other of ['post:my-post', 'page:nrf-2027', 'home-hero'])
      expect([names.kindOf(other), names.slugOf(other)]).toEqual([kindOf(other), slugOf(other)])
  })
})
