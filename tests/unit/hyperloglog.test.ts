/**
 * The HyperLogLog the Analytics Engine traffic store counts visitors with (src/lib/hyperloglog.ts):
 * where a hash lands, and the estimate over the whole range, from a day of a handful of visitors
 * (linear counting) to millions (the raw estimate), within 3 standard errors (3 × 1.04/√65,536).
 */
import { describe, expect, it } from 'vitest'
import { hllEstimate, hllPosition, HLL_REGISTERS } from '../../src/lib/hyperloglog'

/** A seeded generator (mulberry32), so a run is the same every time. */
function random32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return (t ^ (t >>> 14)) >>> 0
  }
}

/** The estimate after `n` distinct 64-bit hashes, as the SQL reads it back: filled registers and Σ 2^-rank. */
function estimateOf(n: number, seed = n): number {
  const next = random32(seed)
  const ranks = new Uint8Array(HLL_REGISTERS)
  for (let i = 0; i < n; i++) {
    const hex = next().toString(16).padStart(8, '0') + next().toString(16).padStart(8, '0')
    const { register, rank } = hllPosition(hex)
    if (rank > ranks[register]!) ranks[register] = rank
  }
  let filled = 0
  let sum = 0
  for (const rank of ranks) {
    if (!rank) continue
    filled += 1
    sum += 2 ** -rank
  }
  return hllEstimate(filled, sum)
}

describe('hllPosition', () => {
  it('takes the register from the first 16 bits and the rank from the first 1-bit of the next 48', () => {
    expect(hllPosition('ffff8000000000000000')).toEqual({ register: 65535, rank: 1 })
    expect(hllPosition('00000001000000000000')).toEqual({ register: 0, rank: 16 })
    expect(hllPosition('12340000800000000000')).toEqual({ register: 0x1234, rank: 17 })
    expect(hllPosition('abcd0000000000010000')).toEqual({ register: 0xabcd, rank: 48 })
    expect(hllPosition('abcd000000000000ffff')).toEqual({ register: 0xabcd, rank: 49 })
  })
})

describe('hllEstimate', () => {
  it('is 0 for an empty sketch and exact for a single visitor', () => {
    expect(hllEstimate(0, 0)).toBe(0)
    expect(Math.round(hllEstimate(1, 0.5))).toBe(1)
  })

  it.each([10, 1_000, 50_000, 200_000, 1_000_000])(
    '%i distinct visitors are estimated within 3 standard errors',
    (n) => {
      const error = Math.abs(estimateOf(n) - n) / n
      expect(error).toBeLessThan(n < 100 ? 0.1 : 3 * (1.04 / Math.sqrt(HLL_REGISTERS)))
    },
  )
})
