/**
 * The studio asks a document's kind (studio/kinds/, KINDS[kind]) instead of comparing its name:
 * outside studio/kinds/ no source compares a kind (`kind === 'post'`, `kindOf(doc) !== 'page'`,
 * `case 'copy':` of a `switch (kind)`) with a kind's name. A form field's kind (`node.kind`) is
 * another thing and is not counted.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DOCUMENT_KINDS } from '../../src/lib/document-kinds'

const KINDS_DIR = join('src', 'server', 'studio', 'kinds')
const NAMES = Object.keys(DOCUMENT_KINDS).join('|')

/** A document's kind, bare or asked of its name, against a kind's name, either way round. */
const SUBJECT = String.raw`(?<![.\w])(?:kind|kindOf\([^)]*\))`
const NAME = `['"\`](?:${NAMES})['"\`]`
const COMPARISON = new RegExp(`${SUBJECT}\\s*[!=]==?\\s*${NAME}|${NAME}\\s*[!=]==?\\s*${SUBJECT}`)
const SWITCH = new RegExp(`switch\\s*\\(${SUBJECT}\\)`)

/** Every TypeScript file under `dir`, as [path, text]. */
function sources(dir: string): [string, string][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) ? [[path, readFileSync(path, 'utf8')] as [string, string]] : []
  })
}

/** The lines of these sources that compare a kind with a kind's name (comments left out). */
export function kindComparisons(files: [string, string][]): string[] {
  return files.flatMap(([path, text]) =>
    text
      .split('\n')
      .map((line, i) => [`${path}:${i + 1}`, line] as const)
      .filter(([, line]) => !/^\s*(\/\*\*|\*|\/\/)/.test(line))
      .filter(([, line]) => COMPARISON.test(line) || SWITCH.test(line))
      .map(([where]) => where),
  )
}

describe('kind comparisons', () => {
  it('are found in every spelling, and a form field’s kind is not one', () => {
    const lines = [
      "if (kind === 'post') return",
      "const isPage = kindOf(doc) !== 'page'",
      "if ('copy' == kind) return",
      'switch (kindOf(doc)) {',
      "if (node.kind === 'post') return", // a field's kind: not counted
      "const open = kind === 'group'", // not a document kind's name
      "// kind === 'post' in a comment",
    ]
    expect(kindComparisons([['example.ts', lines.join('\n')]])).toEqual([
      'example.ts:1',
      'example.ts:2',
      'example.ts:3',
      'example.ts:4',
    ])
  })

  it('are none outside studio/kinds/, in the source and the scripts', () => {
    const files = [...sources('src'), ...sources('scripts')].filter(([path]) => !path.startsWith(KINDS_DIR))
    expect(kindComparisons(files)).toEqual([])
  })
})
