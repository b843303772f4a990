/**
 * The per-file table of `npm test`: each Vitest step writes its JSON report into reports/ (git
 * ignores it), and this prints the slowest files of each project, so the next slow test is seen
 * the day it lands (docs/measurements-log.md keeps a copy of the table).
 */
import { existsSync, readFileSync, statSync } from 'node:fs'

interface Report {
  testResults: {
    name: string
    status: string
    message?: string
    startTime: number
    endTime: number
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[]
  }[]
}

/** Where `npm test` has each half of the worker tests write its report (scripts/test-all.ts). */
export const WORKER_HALF_REPORT = (half: number) => `reports/vitest-worker-${half}.json`

/** Where each step's JSON report goes (the npm scripts pass it to Vitest's --outputFile.json). */
export const REPORTS = [
  'reports/vitest-unit.json',
  'reports/vitest-worker.json',
  WORKER_HALF_REPORT(1),
  WORKER_HALF_REPORT(2),
  'reports/vitest-e2e.json',
]

/**
 * The `top` slowest files of each report written since `since` (ms), as a Markdown table: project,
 * file, seconds, tests.
 */
export function slowestFiles(since = 0, top = 10): string {
  const rows: string[] = ['| file | s | tests |', '| --- | ---: | ---: |']
  for (const path of REPORTS) {
    if (!existsSync(path) || statSync(path).mtimeMs < since) continue
    const report = JSON.parse(readFileSync(path, 'utf8')) as Report
    const files = report.testResults
      .map((file) => ({
        file: file.name.replace(/^.*?\/tests\//, 'tests/'),
        seconds: (file.endTime - file.startTime) / 1000,
        tests: file.assertionResults.length,
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, top)
    for (const { file, seconds, tests } of files) rows.push(`| ${file} | ${seconds.toFixed(1)} | ${tests} |`)
  }
  return rows.join('\n')
}

/**
 * What failed, from the reports written since `since` (ms): each failed test's file, name and the
 * first lines of its message. \`npm test\` prints it last, so the tail of a CI log names the test
 * (a red CI once showed only the worker step's passing output, since the steps run side by side).
 */
export function failedTests(since: number, linesEach = 12): string {
  const out: string[] = []
  for (const path of REPORTS) {
    if (!existsSync(path) || statSync(path).mtimeMs < since) continue
    const report = JSON.parse(readFileSync(path, 'utf8')) as Report
    for (const file of report.testResults) {
      const name = file.name.replace(/^.*?\/tests\//, 'tests/')
      const failures = file.assertionResults.filter((test) => test.status === 'failed')
      if (file.status === 'failed' && failures.length === 0)
        out.push(`✗ ${name}\n${clip(file.message ?? '', linesEach)}`)
      for (const test of failures)
        out.push(`✗ ${name} > ${test.fullName}\n${clip(test.failureMessages.join('\n'), linesEach)}`)
    }
  }
  return out.join('\n\n')
}

function clip(message: string, lines: number): string {
  return message
    .split('\n')
    .filter((line) => !/^\s+at (.*node_modules|new Promise)/.test(line))
    .slice(0, lines)
    .map((line) => `    ${line}`)
    .join('\n')
}
