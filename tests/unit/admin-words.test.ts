/**
 * Services answer in codes, pages in words: every code a console service can refuse with has its
 * words in content/admin, so no code reaches a person bare. And every word there (the copy's type
 * is only its shape, schemas/admin-words.ts) is something to read: no empty one, no field name, no
 * developer term.
 */
import { describe, expect, it } from 'vitest'
import { adminCopy } from '../../src/content/admin'
import {
  ACCESS_REFUSALS,
  FORM_REFUSALS,
  LEAD_ACTIONS,
  TEAM_REFUSALS,
  TRAFFIC_REFUSALS,
} from '../../src/schemas/admin-outcomes'

/** Plain words: a sentence a person reads, not a code or a stack trace. */
const isWords = (text: unknown) => typeof text === 'string' && /^[A-Z]/.test(text) && / /.test(text)

describe('every console code has words', () => {
  it.each([
    ['access refusals', ACCESS_REFUSALS, adminCopy.access],
    ['team refusals', TEAM_REFUSALS, adminCopy.team.refusals],
    ['traffic refusals', TRAFFIC_REFUSALS, adminCopy.traffic.refusals],
    ['viewer-URL form refusals', FORM_REFUSALS, adminCopy.settings.formRefusals],
  ] as const)('%s', (_what, codes, words: Record<string, string>) => {
    for (const code of codes) expect(isWords(words[code]), code).toBe(true)
    expect(Object.keys(words).sort()).toEqual([...codes].sort())
  })

  it('lead actions: what each says when done and when refused', () => {
    for (const action of LEAD_ACTIONS) {
      expect(isWords(adminCopy.leads.actions[action].done), action).toBe(true)
      expect(isWords(adminCopy.leads.actions[action].refused), action).toBe(true)
    }
  })
})

/** Every word of the console with where it sits (`leads.filter.legend`): each leaf of the copy (an empty list is one). */
function leavesOf(value: unknown, at = ''): [string, unknown][] {
  if (Array.isArray(value))
    return value.length ? value.flatMap((item, i) => leavesOf(item, `${at}[${i}]`)) : [[at, value]]
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => leavesOf(item, at ? `${at}.${key}` : key))
  return [[at, value]]
}

/** Every key of the copy's objects, at any depth. */
const keysOf = (value: unknown): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, item]) => [
        ...(Array.isArray(value) ? [] : [key]),
        ...keysOf(item),
      ])
    : []

/** Developer words a marketer or salesperson never reads, as whole words (as the console walk reads pages). */
const DEV_TERMS = /\b(honeypot|idle|busy|invalid notice|repository|slug|id)\b/i
/** A field name as written in code: camelCase or snake_case. */
const CODE_NAME = /^[a-z]+(?:[A-Z][a-z0-9]*)+$|^[a-z]+(?:_[a-z0-9]+)+$/
const FIELD_NAMES = [...new Set(keysOf(adminCopy).filter((key) => CODE_NAME.test(key)))]
const FIELD_NAME = new RegExp(`\\b(${FIELD_NAMES.join('|')})\\b`)

describe('every word of the console', () => {
  const leaves = leavesOf(adminCopy)

  it('is non-empty words: a string with something to read, or whether a notice is good news', () => {
    expect(leaves.length).toBeGreaterThan(900)
    const notWords = leaves.filter(([at, value]) =>
      /(^|\.)ok$/.test(at) ? typeof value !== 'boolean' : typeof value !== 'string' || !/\S/.test(value),
    )
    expect(notWords).toEqual([])
  })

  it('names no field of the copy and no developer term', () => {
    expect(FIELD_NAMES).toContain('signedInAs')
    const words = leaves.filter((leaf): leaf is [string, string] => typeof leaf[1] === 'string')
    const bad = words.filter(([, text]) => DEV_TERMS.test(text) || FIELD_NAME.test(text))
    expect(bad).toEqual([])
  })
})
