/**
 * XLIFF 2.0 as the studio writes and reads it (lib/xliff-write.ts, lib/xliff-read.ts; docs/locales.md
 * "Working with a translation agency"): whatever a field holds (markup characters, references,
 * line breaks of every kind, controls, lone surrogates, Markdown, placeholders), written and read
 * back it is the same string; a file as a translation tool may rewrite it (other prefixes, CDATA,
 * groups, sentences split into segments) reads the same; and a file that is not XLIFF 2 says why.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readXliff } from '../../src/lib/xliff-read'
import { writeXliff, type XliffDocument } from '../../src/lib/xliff-write'
import { assertProperty } from '../support/fuzz'
import { HOSTILE_STRINGS } from '../support/hostile-strings'

const FILE = import.meta.url
const value = fc
  .array(
    fc.oneof(
      fc.constantFrom(...HOSTILE_STRINGS),
      fc.string({ maxLength: 8 }),
      fc.string({ unit: 'binary', maxLength: 4 }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''))

const documentOf = (source: string, target: string | undefined): XliffDocument => ({
  srcLang: 'en',
  trgLang: 'de',
  files: [
    {
      id: 'home-hero',
      units: [
        {
          id: 'home.hero.title',
          source,
          target,
          state: 'translated',
          subState: 'xrstores:machine',
          meta: { status: 'machine', 'source-hash': 'ab12' },
          notes: [source],
        },
      ],
    },
  ],
})

describe('an XLIFF file written and read back', () => {
  it('keeps every field’s words byte for byte, whatever they hold', () =>
    assertProperty(
      fc.property(value, fc.option(value, { nil: undefined }), (source, target) => {
        const read = readXliff(writeXliff(documentOf(source, target)))
        if (!read.ok) throw new Error(read.why)
        const [unit] = read.value.files[0]!.units
        expect(unit).toMatchObject({
          id: 'home.hero.title',
          source,
          state: 'translated',
          subState: 'xrstores:machine',
        })
        expect(unit!.target).toBe(target)
        expect(unit!.meta).toEqual({ status: 'machine', 'source-hash': 'ab12' })
        expect(unit!.markup).toBe(false)
      }),
      2000,
      FILE,
    ))

  it('reads a file as a translation tool may rewrite it: other prefixes, CDATA, groups, split segments, CRLF', () => {
    const file = [
      '\uFEFF<?xml version="1.0"?>\r\n<!-- from a tool -->',
      '<x:xliff xmlns:x="urn:oasis:names:tc:xliff:document:2.0" xmlns:m="urn:oasis:names:tc:xliff:metadata:2.0" version="2.1" srcLang="en" trgLang="de">',
      '<x:file id="home-hero"><x:group id="g"><x:unit id="home.hero.title">',
      '<m:metadata><m:metaGroup><m:meta type="source-hash">ff</m:meta></m:metaGroup></m:metadata>',
      '<x:segment state="final"><x:source xml:lang="en">One. </x:source><x:target><![CDATA[Eins & ]]></x:target></x:segment>',
      '<x:ignorable><x:source>\r\n</x:source></x:ignorable>',
      "<x:segment state='reviewed'><x:source>Two &lt;b&gt;</x:source><x:target>Zwei &#x3C;b></x:target></x:segment>",
      '</x:unit><x:unit id="home.hero.text"><x:segment><x:source>A <x:ph id="1"/></x:source></x:segment></x:unit>',
      '</x:group></x:file></x:xliff>',
    ].join('')
    const read = readXliff(file)
    if (!read.ok) throw new Error(read.why)
    const [title, text] = read.value.files[0]!.units
    expect(title).toMatchObject({ source: 'One. \nTwo <b>', target: 'Eins & \nZwei <b>', state: 'reviewed' })
    expect(title!.meta).toEqual({ 'source-hash': 'ff' })
    expect(text).toMatchObject({ state: 'initial', markup: true, target: undefined })
  })

  it('says why a file is not one it can read', () => {
    const why = (text: string) => {
      const read = readXliff(text)
      return read.ok ? 'read' : read.why
    }
    expect(why('')).toContain('no element')
    expect(why('<xliff version="2.0"/>')).toContain('not an XLIFF 2 file')
    expect(why('<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"/>')).toContain(
      'not an XLIFF 2 file',
    )
    const root =
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de">'
    expect(why(`${root}<file id="a">`)).toContain('never closed')
    expect(why(`${root}<file id="a"></fil></xliff>`)).toContain('closed by another')
    expect(
      why(
        `${root}<file id="a"><unit id="u"><segment><source>a &nbsp; b</source></segment></unit></file></xliff>`,
      ),
    ).toContain('unknown reference')
    expect(why(`<!DOCTYPE x [<!ENTITY a "b">]>${root}</xliff>`)).toContain('DOCTYPE')
    expect(
      why(
        `${root}<file id="a"><unit id="u"><segment state="done"><source>a</source></segment></unit></file></xliff>`,
      ),
    ).toContain('state XLIFF does not know')
    expect(why(`${root}</xliff>`)).toBe('read')
  })
})
