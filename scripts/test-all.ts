/**
 * `npm test`: the checks in two waves, each wave's steps side by side. On 2 cores the serial chain
 * left a core idle most of the time (the worker suite waits on timers and stand-ins, the browser
 * suite on Chromium), so running independent steps together is what brings a fresh clone under
 * 8 minutes. Every step still runs in full; the first failure is reported once all have ended.
 *
 * Wave 1: typecheck and lint. Wave 2: the unit and worker tests, and the browser tests (which build
 * the production worker in their global setup). The machine check (a browser, Java) runs first.
 */
import { spawn } from 'node:child_process'
import { slowestFiles } from './lib/test-durations.ts'

interface Step {
  name: string
  script: string
}

const WAVES: Step[][] = [
  [
    { name: 'typecheck', script: 'typecheck' },
    { name: 'lint', script: 'lint' },
  ],
  [
    { name: 'worker', script: 'test:unit' },
    { name: 'e2e', script: 'test:e2e' },
  ],
]

/** Runs one npm script, each output line prefixed with the step's name; resolves to its exit code. */
function run(step: Step, width: number): Promise<number> {
  const prefix = `[${step.name}]`.padEnd(width + 2) + ' '
  const child = spawn('npm', ['run', '--silent', step.script], { stdio: ['ignore', 'pipe', 'pipe'] })
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
for (const wave of WAVES) {
  const width = Math.max(...wave.map((step) => step.name.length))
  const codes = await Promise.all(wave.map((step) => run(step, width)))
  const failed = wave.filter((_, i) => codes[i] !== 0).map((step) => step.name)
  if (failed.length > 0) {
    console.error(`\nnpm test failed in: ${failed.join(', ')}`)
    process.exit(1)
  }
}
console.log(`\nThe slowest test files (reports/vitest-*.json has every one):\n${slowestFiles()}`)
console.log(`\nnpm test passed in ${Math.round((Date.now() - started) / 1000)} s`)
