/**
 * The per-file table of `npm test`: each Vitest step writes its JSON report into reports/ (git
 * ignores it), and this prints the slowest files of each project, so the next slow test is seen
 * the day it lands (docs/measurements.md keeps a copy of the table).
 */
import { existsSync, readFileSync } from 'node:fs'

interface Report {
  testResults: { name: string; startTime: number; endTime: number; assertionResults: unknown[] }[]
}

/** Where each step's JSON report goes (the npm scripts pass it to Vitest's --outputFile.json). */
export const REPORTS = ['reports/vitest-worker.json', 'reports/vitest-e2e.json']

/** The `top` slowest files of each report, as a Markdown table: project, file, seconds, tests. */
export function slowestFiles(top = 10): string {
  const rows: string[] = ['| file | s | tests |', '| --- | ---: | ---: |']
  for (const path of REPORTS) {
    if (!existsSync(path)) continue
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
