/**
 * The arithmetic of experiments (src/lib/experiment-stats.ts, experiment-verdict.ts): the
 * distributions against published values, assignment that splits as asked and keeps a visitor's
 * arm, a sample-ratio alarm that rings on a skewed split and not on a fair one, and a verdict whose
 * false-positive rate stays at or under 5 % when read 20 times, over 1,000 seeded A/A tests.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  armOf,
  chiSquareSurvival,
  normalCdf,
  normalQuantile,
  type ArmTally,
} from '../../src/lib/experiment-stats'
import {
  mixingVariance,
  sampleRatioPValue,
  SRM_ALARM_P,
  testPlan,
  VERDICT_ALPHA,
  verdictOf,
  visitorsPerArm,
  wilsonInterval,
} from '../../src/lib/experiment-verdict'
import { assertProperty } from '../support/fuzz'

/** A seeded generator (mulberry32), so every run simulates the same visitors. */
function seeded(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

/** A visitor hash as the traffic counter makes them: 16 hex digits. */
const visitorOf = (random: () => number) =>
  Array.from({ length: 2 }, () =>
    Math.floor(random() * 2 ** 32)
      .toString(16)
      .padStart(8, '0'),
  ).join('')

describe('the distributions', () => {
  it('match published values', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5)
    expect(normalQuantile(0.8)).toBeCloseTo(0.841621, 5)
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232, 5)
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6)
    // The chi-square table's 5 % and 0.1 % points for 1 to 3 degrees of freedom.
    for (const [x, freedom, p] of [
      [3.841459, 1, 0.05],
      [5.991465, 2, 0.05],
      [7.814728, 3, 0.05],
      [10.827566, 1, 0.001],
      [13.815511, 2, 0.001],
      [16.266236, 3, 0.001],
    ] as const) {
      expect(chiSquareSurvival(x, freedom) / p).toBeCloseTo(1, 4)
    }
  })

  it('give the visitors a test needs: about 13,800 an arm to tell +25 % at a 2 % lead rate', () => {
    expect(visitorsPerArm(0.02, 0.25)).toBeGreaterThan(13_700)
    expect(visitorsPerArm(0.02, 0.25)).toBeLessThan(13_900)
    // A smaller lift needs more visitors, a larger one fewer.
    expect(visitorsPerArm(0.02, 0.1)).toBeGreaterThan(visitorsPerArm(0.02, 0.25)! * 5)
    expect(visitorsPerArm(0.02, 0.5)).toBeLessThan(visitorsPerArm(0.02, 0.25)! / 3)
  })

  it('put a rate between the bounds of its Wilson interval', () => {
    const [low, high] = wilsonInterval({ visitors: 100, leads: 10 })
    expect(low).toBeCloseTo(0.0552, 3)
    expect(high).toBeCloseTo(0.1744, 3)
    expect(wilsonInterval({ visitors: 0, leads: 0 })).toEqual([0, 1])
  })
})

describe('assignment', () => {
  it('keeps a visitor in the same arm, and splits 10,000 visitors within the alarm’s bounds', () => {
    const random = seeded(46)
    const visitors = Array.from({ length: 10_000 }, () => visitorOf(random))
    for (const weights of [
      [1, 1],
      [20, 80],
      [1, 1, 1, 1],
    ]) {
      const counts = weights.map(() => 0)
      for (const visitor of visitors) {
        const arm = armOf('exp-hero', visitor, weights)!
        expect(armOf('exp-hero', visitor, weights)).toBe(arm)
        counts[arm]! += 1
      }
      expect(sampleRatioPValue(counts, weights)).toBeGreaterThan(SRM_ALARM_P)
    }
  })

  it('takes the asked share of visitors in, without moving those in to another arm', () => {
    const random = seeded(7)
    const visitors = Array.from({ length: 10_000 }, () => visitorOf(random))
    const half = visitors.filter((v) => armOf('exp-share', v, [1, 1], 0.5) !== null)
    expect(half.length / visitors.length).toBeCloseTo(0.5, 1)
    for (const visitor of half) {
      expect(armOf('exp-share', visitor, [1, 1], 1)).toBe(armOf('exp-share', visitor, [1, 1], 0.5))
    }
  })

  it('rings the sample-ratio alarm on a skewed split', () => {
    expect(sampleRatioPValue([5_200, 4_800], [1, 1])).toBeLessThan(SRM_ALARM_P)
    expect(sampleRatioPValue([5_050, 4_950], [1, 1])).toBeGreaterThan(SRM_ALARM_P)
  })
})

/** One simulated test: `reads` readings, each after `step` more visitors per arm. */
function simulate(random: () => number, rates: [number, number], step: number, reads: number) {
  const tau2 = mixingVariance(0.02, 0.25)
  const control: ArmTally = { visitors: 0, leads: 0 }
  const arm: ArmTally = { visitors: 0, leads: 0 }
  const readings: { control: ArmTally; arm: ArmTally }[] = []
  const calls: string[] = []
  const zScores: number[] = []
  for (let read = 0; read < reads; read++) {
    for (let i = 0; i < step; i++) {
      control.leads += random() < rates[0] ? 1 : 0
      arm.leads += random() < rates[1] ? 1 : 0
    }
    control.visitors += step
    arm.visitors += step
    readings.push({ control: { ...control }, arm: { ...arm } })
    calls.push(verdictOf(readings, tau2).call)
    // What a fixed-horizon two-proportion z-test would say at this reading.
    const [a, b] = [control.leads / control.visitors, arm.leads / arm.visitors]
    const variance = (a * (1 - a)) / control.visitors + (b * (1 - b)) / arm.visitors
    zScores.push(variance > 0 ? (b - a) / Math.sqrt(variance) : 0)
  }
  return { calls, zScores }
}

describe('the verdict', () => {
  it('stays at or under 5 % false positives over 1,000 A/A tests, each read 20 times', () => {
    const random = seeded(2026)
    let falsePositives = 0
    let peekingFalsePositives = 0
    for (let test = 0; test < 1_000; test++) {
      // Read after every 700 visitors an arm, at a 2 % lead rate: a call at any read is a false positive.
      const { calls, zScores } = simulate(random, [0.02, 0.02], 700, 20)
      if (calls.some((call) => call !== 'unsure')) falsePositives += 1
      if (zScores.some((z) => Math.abs(z) > 1.96)) peekingFalsePositives += 1
    }
    expect(falsePositives / 1_000).toBeLessThanOrEqual(VERDICT_ALPHA)
    // The same simulation catches the mistake the verdict avoids: a fixed-horizon z-test read 20
    // times calls about a quarter of these A/A tests.
    expect(peekingFalsePositives / 1_000).toBeGreaterThan(3 * VERDICT_ALPHA)
  })

  it('calls a real lift once it is large enough to tell, and never the wrong way', () => {
    const random = seeded(11)
    const finals = Array.from({ length: 100 }, () => simulate(random, [0.02, 0.03], 1_000, 20).calls.at(-1))
    expect(finals.filter((call) => call === 'better').length).toBeGreaterThan(60)
    expect(finals).not.toContain('worse')
  })

  it('says nothing before each arm has a few leads, and its interval holds the difference', () => {
    const tau2 = mixingVariance(0.02, 0.25)
    const few = verdictOf([{ control: { visitors: 50, leads: 0 }, arm: { visitors: 50, leads: 4 } }], tau2)
    expect(few).toMatchObject({ pValue: 1, call: 'unsure' })
    const now = verdictOf(
      [{ control: { visitors: 10_000, leads: 200 }, arm: { visitors: 10_000, leads: 300 } }],
      tau2,
    )
    expect(now.difference).toBeCloseTo(0.01, 6)
    expect(now.interval[0]).toBeLessThan(0.01)
    expect(now.interval[1]).toBeGreaterThan(0.01)
    expect(now.call).toBe('better')
  })
})

describe('the plan before a start never shows NaN or Infinity', () => {
  const anyNumber = fc.oneof(
    fc.double({ noNaN: false }),
    fc.constantFrom(0, 1, 1.5, -1, Infinity, -Infinity, Number.NaN, 1e-12, 0.999999),
  )

  it('gives a finite positive whole number or null for every input, however odd the counts', async () => {
    await assertProperty(
      fc.property(
        anyNumber,
        anyNumber,
        anyNumber,
        anyNumber,
        fc.array(anyNumber, { maxLength: 4 }),
        (rate, dailyVisitors, minLift, share, weights) => {
          const plan = testPlan({ rate, dailyVisitors, minLift, share, weights })
          for (const value of [plan.visitorsPerArm, plan.weeks]) {
            if (value === null) continue
            expect(Number.isFinite(value) && Number.isInteger(value) && value > 0).toBe(true)
          }
        },
      ),
      20_000,
      import.meta.url,
    )
  })

  it('says nothing it cannot know: a lead rate over 100 % or a page with no visitors gives no estimate', () => {
    expect(testPlan({ rate: 1.4, dailyVisitors: 500, minLift: 0.25, share: 1, weights: [1, 1] })).toEqual({
      visitorsPerArm: null,
      weeks: null,
    })
    const quiet = testPlan({ rate: 0.02, dailyVisitors: 0, minLift: 0.25, share: 1, weights: [1, 1] })
    expect(quiet.weeks).toBeNull()
    expect(quiet.visitorsPerArm).toBeGreaterThan(13_700)
    expect(
      testPlan({ rate: 0.02, dailyVisitors: 1000, minLift: 0.25, share: 1, weights: [1, 1] }).weeks,
    ).toBe(4)
  })
})
