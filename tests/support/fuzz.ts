/**
 * The sample size of every property test, as one knob. A property names its full count (what
 * `npm run test:fuzz` runs, nightly in CI); `npm test` runs at most FUZZ_RUNS cases of each
 * (200 unless set), so every property and every assertion still runs on every push, on a smaller
 * sample. A failure prints the seed and path that replay it, as one command.
 *
 * FUZZ_RUNS, FUZZ_SEED and FUZZ_PATH are read in Node by tests/vitest.config.ts and handed to the
 * tests (workerd or Node) through Vitest's provide/inject.
 */
import fc from 'fast-check'
import { inject } from 'vitest'

export interface FuzzSettings {
  /** 'full' for each property's own count, or the most cases any property runs. */
  runs: 'full' | number
  seed?: number
  path?: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    fuzz: FuzzSettings
  }
}

/** What `npm test` runs of each property unless FUZZ_RUNS says otherwise. */
export const DEFAULT_FUZZ_RUNS = 200

/** The settings from the environment (Node side, for the config's `provide`). */
export function fuzzSettingsFrom(environment: Record<string, string | undefined>): FuzzSettings {
  const runs = environment.FUZZ_RUNS?.trim()
  const seed = environment.FUZZ_SEED?.trim()
  const parsed = runs === 'full' ? 'full' : Number(runs || DEFAULT_FUZZ_RUNS)
  if (parsed !== 'full' && !(Number.isInteger(parsed) && parsed > 0))
    throw new Error(`FUZZ_RUNS must be "full" or a whole number above 0, not "${runs}"`)
  return {
    runs: parsed,
    ...(seed ? { seed: Number(seed) } : {}),
    ...(environment.FUZZ_PATH ? { path: environment.FUZZ_PATH } : {}),
  }
}

/** How many cases a property whose full count is `full` runs now. */
export function fuzzRuns(full: number, settings: FuzzSettings = inject('fuzz')): number {
  return settings.runs === 'full' ? full : Math.min(full, settings.runs)
}

/**
 * The size of a wave (requests, views) that is not a property: `everyPush` in `npm test`, chosen as
 * the smallest that still crosses every bound the test asserts, and `full` in `npm run test:fuzz`.
 */
export function waveSize(full: number, everyPush: number, settings: FuzzSettings = inject('fuzz')): number {
  return settings.runs === 'full' ? full : everyPush
}

/**
 * Runs `property` with `full` cases scaled by the knob; on failure throws fast-check's report
 * plus the one-line command that replays the counterexample. `file` is the test file, for that
 * command.
 */
export async function assertProperty<T>(
  property: fc.IAsyncProperty<T> | fc.IProperty<T>,
  full: number,
  file: string,
): Promise<void> {
  const settings = inject('fuzz')
  const numRuns = fuzzRuns(full, settings)
  const replaying = settings.seed !== undefined
  const details = await fc.check(property as fc.IAsyncProperty<T>, {
    numRuns,
    ...(replaying ? { seed: settings.seed, path: settings.path, endOnFailure: true } : {}),
  })
  if (!details.failed) return
  const runs = settings.runs === 'full' ? 'full' : String(numRuns)
  const replay =
    `FUZZ_RUNS=${runs} FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath ?? ''} ` +
    `npx vitest run --config tests/vitest.config.ts ${file.replace(/^.*?(tests\/)/, '$1')}`
  throw new Error(
    `${fc.defaultReportMessage(details) ?? 'property failed'}\n\nReplay it with:\n  ${replay}\n`,
  )
}
