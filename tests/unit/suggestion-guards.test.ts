/**
 * The guards of a machine suggestion (lib/suggestion-guards.ts, docs/locales.md "Suggestions"), as
 * properties over random English made of words, placeholders, links, addresses, glossary names and
 * Markdown (headings, list items, bold), and a stand-in's reply to it: a faithful translation is
 * taken as it is; a dropped placeholder, an altered link, a translated name, broken Markdown, a
 * value of the wrong type and a missing key are refused; a respelt name is put back; and whatever
 * random damage a reply does, a field taken keeps every placeholder, link, name and mark of its
 * English. `npm test` runs FUZZ_RUNS cases (tests/support/fuzz.ts); `npm run test:fuzz` the full count.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { glossary } from '../../src/content/glossary'
import { checkReply, guardField } from '../../src/lib/suggestion-guards'
import { assertProperty } from '../support/fuzz'

const FILE = import.meta.url
const WORDS = ['shop', 'store', 'your', 'in', '3D', 'brand', 'buyers', 'walk', 'through', 'today']
/** What the stand-in "translates" each word to: never a glossary name, in any spelling. */
const GERMAN: Record<string, string> = Object.fromEntries(WORDS.map((word, i) => [word, `wort${i}`]))
const PLACEHOLDERS = ['{title}', '{current}', '{total}', '{name}']
const URLS = [
  'https://example.com/a',
  '/contact',
  'mailto:sales@example.com',
  'https://shop.example.org/x?y=1',
]

type Piece =
  | { kind: 'word'; text: string }
  | { kind: 'placeholder'; text: string }
  | { kind: 'link'; text: string; url: string }
  | { kind: 'url'; text: string }
  | { kind: 'term'; text: string }
  | { kind: 'bold'; text: string }

const piece: fc.Arbitrary<Piece> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...WORDS).map((text) => ({ kind: 'word' as const, text })) },
  fc.constantFrom(...PLACEHOLDERS).map((text) => ({ kind: 'placeholder' as const, text })),
  fc
    .tuple(fc.constantFrom(...WORDS), fc.constantFrom(...URLS.filter((url) => !url.startsWith('mailto'))))
    .map(([text, url]) => ({ kind: 'link' as const, text, url })),
  fc
    .constantFrom('https://example.com/a', 'mailto:sales@example.com')
    .map((text) => ({ kind: 'url' as const, text })),
  fc.constantFrom(...glossary).map((text) => ({ kind: 'term' as const, text })),
  fc.constantFrom(...WORDS).map((text) => ({ kind: 'bold' as const, text })),
)
/** Lines of pieces, each plain, a heading or a list item. */
const document = fc.array(
  fc.record({
    prefix: fc.constantFrom('', '', '# ', '## ', '- '),
    pieces: fc.array(piece, { minLength: 1, maxLength: 6 }),
  }),
  { minLength: 1, maxLength: 4 },
)
type Doc = { prefix: string; pieces: Piece[] }[]

/** The English (translate false) or its faithful translation (true). */
function write(doc: Doc, translate: boolean): string {
  const word = (text: string) => (translate ? GERMAN[text]! : text)
  const pieceText = (p: Piece) =>
    p.kind === 'word'
      ? word(p.text)
      : p.kind === 'link'
        ? `[${word(p.text)}](${p.url})`
        : p.kind === 'bold'
          ? `**${word(p.text)}**`
          : p.text
  return doc.map((line) => line.prefix + line.pieces.map(pieceText).join(' ')).join('\n')
}
const has = (doc: Doc, kind: Piece['kind']) => doc.some((line) => line.pieces.some((p) => p.kind === kind))
const count = (text: string, part: string) => text.split(part).length - 1

describe('a suggestion’s guards', () => {
  it('take a faithful translation as it is', () =>
    assertProperty(
      fc.property(document, (doc) => {
        expect(guardField(write(doc, false), write(doc, true), glossary)).toEqual({
          ok: true,
          value: write(doc, true),
          repaired: false,
        })
      }),
      2000,
      FILE,
    ))

  it('refuse a lost placeholder, an altered link, a translated name or broken Markdown, and put back a respelt name', () =>
    assertProperty(
      fc.property(document, fc.nat(), (doc, n) => {
        const english = write(doc, false)
        const german = write(doc, true)
        const guard = (text: unknown) => guardField(english, text, glossary)
        if (has(doc, 'placeholder')) {
          const lost = PLACEHOLDERS.find((p) => german.includes(p))!
          const without = german.replace(lost, '')
          // A field that was only its placeholder is then empty: not text at all.
          const reason = without.trim() ? 'placeholder' : 'not-text'
          expect(guard(without)).toEqual({ ok: false, reason })
        }
        if (has(doc, 'link'))
          expect(guard(german.replace('](', '](https://evil.example'))).toMatchObject({ ok: false })
        if (has(doc, 'url') || has(doc, 'link')) {
          const url = URLS.find((u) => german.includes(u))!
          expect(guard(german.replace(url, `${url}-changed`))).toEqual({ ok: false, reason: 'link' })
        }
        if (has(doc, 'term')) {
          const term = glossary.find((t) => german.includes(t))!
          expect(guard(german.replace(term, 'Übersetzter Name'))).toEqual({ ok: false, reason: 'glossary' })
          const respelt = n % 2 ? term.toLowerCase() : term.toUpperCase().replace(/ /g, '-')
          expect(guard(german.replace(term, respelt))).toEqual({ ok: true, value: german, repaired: true })
        }
        if (has(doc, 'bold'))
          expect(guard(german.replace('**', ''))).toEqual({ ok: false, reason: 'markdown' })
        const heading = doc.findIndex((line) => line.prefix !== '')
        if (heading >= 0) {
          const lines = german.split('\n')
          lines[heading] = lines[heading]!.replace(/^(#+|-) /, '')
          expect(guard(lines.join('\n'))).toEqual({ ok: false, reason: 'markdown' })
        }
        for (const wrong of [null, 42, ['x'], { text: german }, undefined, ' '])
          expect(guard(wrong)).toEqual({ ok: false, reason: 'not-text' })
      }),
      2000,
      FILE,
    ))

  it('never take a damaged reply that lost a placeholder, a link, a name or a mark', () =>
    assertProperty(
      fc.property(
        document,
        fc.array(
          fc.record({
            at: fc.nat(),
            cut: fc.nat({ max: 12 }),
            insert: fc.constantFrom('', '{', '}', '(', ')', '[', ']', '*', '# ', '\n- ', 'x', '-', ' '),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        (doc, damage) => {
          const english = write(doc, false)
          let reply = write(doc, true)
          for (const { at, cut, insert } of damage) {
            const i = at % (reply.length + 1)
            reply = reply.slice(0, i) + insert + reply.slice(i + cut)
          }
          const guarded = guardField(english, reply, glossary)
          if (!guarded.ok) return
          const value = guarded.value
          for (const p of PLACEHOLDERS) expect(count(value, p)).toBe(count(english, p))
          for (const url of URLS) expect(count(value, url)).toBe(count(english, url))
          for (const term of glossary) expect(count(value, term)).toBeGreaterThanOrEqual(count(english, term))
          expect(count(value, '**')).toBe(count(english, '**'))
          const starts = (text: string) => text.split('\n').map((line) => /^(#+ |- )?/.exec(line)![0])
          expect(starts(value).filter(Boolean)).toEqual(starts(english).filter(Boolean))
        },
      ),
      5000,
      FILE,
    ))

  it('a reply takes the asked keys only, refuses the missing ones, and reads JSON text or an object', () =>
    assertProperty(
      fc.property(
        fc.array(document, { minLength: 1, maxLength: 4 }),
        fc.nat(),
        fc.boolean(),
        (docs, n, asText) => {
          const fields = new Map(docs.map((doc, i) => [`a.${i}`, write(doc, false)]))
          const answer: Record<string, unknown> = Object.fromEntries(
            docs.map((doc, i) => [`a.${i}`, write(doc, true)]),
          )
          const gone = `a.${n % docs.length}`
          delete answer[gone]
          answer['a.extra'] = 'ein Feld, das niemand wollte'
          const checked = checkReply(fields, asText ? JSON.stringify(answer) : answer, glossary)
          expect(checked.refused).toEqual([{ path: gone, reason: 'missing' }])
          expect(checked.extra).toEqual(['a.extra'])
          expect([...checked.taken.keys()].sort()).toEqual(
            [...fields.keys()].filter((key) => key !== gone).sort(),
          )
          expect(checkReply(fields, 'not json', glossary).taken.size).toBe(0)
          expect(checkReply(fields, [answer], glossary).taken.size).toBe(0)
        },
      ),
      1000,
      FILE,
    ))
})
