/**
 * Services answer in codes, pages in words: every code a console service can refuse with has its
 * words in content/admin, so no code reaches a person bare.
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
