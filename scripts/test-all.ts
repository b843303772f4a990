/**
 * `npm test`: every check at once, each step's output prefixed, every step run in full; the first
 * failure is reported once all have ended. On 2 cores the browser tests keep the machine busy for
 * most of the run (Chromium, workerd and the HTML checker). They and the worker tests, the two
 * longest steps, run at the normal CPU priority, so they end together: the worker tests run their
 * files one at a time, and at a lower priority they went on alone on one core for the last minute
 * (385 s against 354 s, docs/measurements-log.md). Typecheck, lint and the unit tests, which are short,
 * run at `nice` 10 beside them. The browser tests build the production worker in their global setup.
 * The machine check (a browser, Java) runs first, then the site's images are built once (a fresh
 * clone has none cached, and each step's Vite would build them all at the same time). Typecheck and
 * lint, which read no images, start beside that build (one core) instead of after it.
 */
import { execFile, spawn } from 'node:child_process'
import { promisify } from 'node:util'
import { failedTests, slowestFiles } from './lib/test-durations.ts'

interface Step {
  name: string
  script: string
  /** The step's `nice` level beside the browser tests (0 unless set): how much CPU it leaves them. */
  nice?: number
  /** Reads no images, so it starts while they are built (typecheck, lint). */
  early?: boolean
}

const STEPS: Step[] = [
  { name: 'e2e', script: 'test:e2e' },
  { name: 'typecheck', script: 'typecheck', nice: 10, early: true },
  { name: 'lint', script: 'lint', nice: 10, early: true },
  { name: 'unit', script: 'test:unit', nice: 10 },
  { name: 'worker', script: 'test:worker' },
]

/** Runs one npm script, each output line prefixed with the step's name; resolves to its exit code. */
function run(step: Step, width: number): Promise<number> {
  const prefix = `[${step.name}]`.padEnd(width + 2) + ' '
  const command = ['npm', 'run', '--silent', step.script]
  const [program, ...args] = step.nice ? ['nice', '-n', String(step.nice), ...command] : command
  const child = spawn(program!, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  for (const [stream, sink] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    let pending = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) sink.write(prefix + line + '\n')
    })
    stream.on('end', () => {
      if (pending) sink.write(prefix + pending + '\n')
    })
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)))
}

// What the machine must have (a browser, Java), checked before anything else: one line if not.
await import('./check-browser.ts')
const started = Date.now()
const width = Math.max(...STEPS.map((step) => step.name.length))
const running = new Map<Step, Promise<number>>()
for (const step of STEPS) if (step.early) running.set(step, run(step, width))
// The site's images, built once before the steps that read them start: each step's Vite would
// otherwise encode them all at once on a fresh clone (scripts/warm-media.ts).
try {
  const built = await promisify(execFile)(process.execPath, ['scripts/warm-media.ts'])
  process.stdout.write(built.stdout)
} catch (error) {
  console.error(`The site's images could not be built:\n${(error as { stderr?: string }).stderr ?? error}`)
  await Promise.all(running.values())
  process.exit(1)
}
for (const step of STEPS) if (!step.early) running.set(step, run(step, width))
const codes = await Promise.all(STEPS.map((step) => running.get(step)!))
const failed = STEPS.filter((_, i) => codes[i] !== 0).map((step) => step.name)
if (failed.length > 0) {
  const failures = failedTests(started)
  if (failures) console.error(`\nWhat failed:\n${failures}`)
  // A run can fail with every test passed: an error outside the tests, which no report lists.
  else console.error(`\nNo test failed: look for "Unhandled Errors" in the output of ${failed.join(', ')}.`)
  console.error(`\nnpm test failed in: ${failed.join(', ')}`)
  process.exit(1)
}
console.log(`\nThe slowest test files (reports/vitest-*.json has every one):\n${slowestFiles()}`)
console.log(`\nnpm test passed in ${Math.round((Date.now() - started) / 1000)} s`)
