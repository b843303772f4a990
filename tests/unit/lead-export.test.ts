import { describe, expect, it } from 'vitest'
import { csvField } from '../../src/lib/csv'
import { leadsCsv } from '../../src/server/leads/services/lead-export'
import type { LeadRow } from '../../src/server/leads/storage/lead-queries'

const row = (fields: Partial<LeadRow>): LeadRow => ({
  id: 'id-1',
  receivedAt: '2026-11-23T09:30:00.000Z',
  status: 'delivered',
  attempts: 1,
  lastError: null,
  deliveredAt: '2026-11-23T09:30:02.000Z',
  deliveredVia: 'emailjs',
  erasedAt: null,
  spamReasons: null,
  formFields: null,
  name: 'Ada',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  inquiry: 'Hello',
  localTime: '23/11/2026, 09:30:00',
  pagePath: '/',
  referrer: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  locale: 'en',
  ...fields,
})

describe('the CSV export', () => {
  it('starts with a UTF-8 byte-order mark, quotes every field, doubles quotes and ends lines with CRLF', () => {
    const csv = leadsCsv([row({ name: 'Zoë "Z" Ångström', inquiry: 'line one\nline two, with a comma' })])
    expect(csv.startsWith('\uFEFF"id","received (UTC)","status"')).toBe(true)
    const lines = csv.slice(1).split('\r\n')
    expect(lines).toHaveLength(3) // header, the row, and the empty string after the last CRLF
    expect(lines[1]).toContain('"Zoë ""Z"" Ångström"')
    expect(lines[1]).toContain('"line one\nline two, with a comma"')
    expect(lines[2]).toBe('')
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]))
  })

  it.each(['=', '+', '-', '@', '\t', '\r'])(
    'puts an apostrophe before a cell starting with %j (formula injection)',
    (start) => {
      expect(csvField(`${start}HYPERLINK("http://evil.example","x")`)).toBe(
        `"'${start}HYPERLINK(""http://evil.example"",""x"")"`,
      )
    },
  )

  it.each([
    ' =',
    '  +',
    '\u00a0-',
    '\n@',
    ' \t=',
    '\u200b=',
    '\ufeff+',
    '\u2060@',
    '\uff1d',
    ' \uff0b',
    '\u200c\uff20',
  ])('puts an apostrophe before a cell starting with %j: whitespace, then a formula sign', (start) => {
    expect(csvField(`${start}SUM(A1)`)).toBe(`"'${start}SUM(A1)"`)
  })

  it('leaves ordinary cells, numbers and empty values alone', () => {
    expect(csvField('ada@example.com')).toBe('"ada@example.com"')
    expect(csvField(' not a formula = 1')).toBe('" not a formula = 1"')
    expect(csvField(3)).toBe('"3"')
    expect(csvField(null)).toBe('""')
  })

  it('guards a phone number written with a leading +', () => {
    expect(leadsCsv([row({})])).toContain(`"'+44 20 7946 0958"`)
  })
})
