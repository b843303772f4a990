import { describe, expect, it } from 'vitest'
import { serializeJson } from '../../src/lib/serialize'

describe('serializeJson', () => {
  it('cannot close a script element or open a comment', () => {
    const out = serializeJson({ a: '</script><!--<script>', b: 'x & y > z' })
    expect(out).not.toMatch(/[<>&]/)
    expect(JSON.parse(out)).toEqual({ a: '</script><!--<script>', b: 'x & y > z' })
  })

  it('escapes U+2028 and U+2029 and round-trips them', () => {
    const out = serializeJson({ s: 'a\u2028b\u2029c' })
    expect(out).toContain('\\u2028')
    expect(out).toContain('\\u2029')
    expect(JSON.parse(out)).toEqual({ s: 'a\u2028b\u2029c' })
  })
})
