/**
 * `npm run bench -- --scale [--sizes 1000,100000,1000000]`: the console and its jobs at each size
 * of the lead table, measured inside workerd by bench/scale/scale.measure.ts (one vitest run per
 * size, each on a fresh local D1 seeded by SQLite itself). Prints one table per figure and writes
 * them to reports/scale.md. A 1,000,000-lead run takes a few minutes, most of it seeding.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { kb, markdownTable } from './table.mjs'

/** @param {{ sizes?: number[] }} options */
export function runScale({ sizes = [1_000, 100_000, 1_000_000] } = {}) {
  /** @type {{ leads: number, dbBytes: number, rows: [string, { ms: number, d1Ms: number, rowsRead: number, statements: number, bytes: number }][] }[]} */
  const runs = []
  for (const leads of sizes) {
    console.error(`• the console at ${leads.toLocaleString('en')} leads…`)
    const out = join(tmpdir(), `xr-scale-${leads}-${process.pid}.json`)
    execFileSync('node_modules/.bin/vitest', ['run', '--config', 'bench/scale/vitest.config.ts'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        VITE_SCALE_LEADS: String(leads),
        RENDER_COST_OUT: out,
        WRANGLER_SEND_METRICS: 'false',
      },
    })
    runs.push(JSON.parse(readFileSync(out, 'utf8')))
  }
  const names = runs[0].rows.map(([name]) => name)
  const cell = (run, name, pick) => pick(run.rows.find(([n]) => n === name)[1])
  const sizeHeads = runs.map((run) => run.leads.toLocaleString('en'))
  const first = runs[0]
  const last = runs.at(-1)
  const table = (title, pick, format) =>
    `${title}\n\n` +
    markdownTable(
      ['page or job', ...sizeHeads, `${sizeHeads.at(-1)} ÷ ${sizeHeads[0]}`],
      names.map((name) => {
        const a = cell(first, name, pick)
        const z = cell(last, name, pick)
        return [
          name,
          ...runs.map((run) => format(cell(run, name, pick))),
          a > 0 ? `${(z / a).toFixed(1)}×` : '–',
        ]
      }),
    )
  const sizeTable = markdownTable(
    ['leads', 'database size (MiB, D1 meta.size_after)', 'bytes per lead'],
    runs.map((run) => [
      run.leads.toLocaleString('en'),
      (run.dbBytes / 2 ** 20).toFixed(1),
      Math.round(run.dbBytes / run.leads).toLocaleString('en'),
    ]),
  )
  const report = [
    `Database size, with 400 days of traffic aggregates (the same in each)\n\n${sizeTable}`,
    table(
      'D1 time per request (ms, the sum of meta.duration over its statements)',
      (f) => f.d1Ms,
      (v) => v.toFixed(1),
    ),
    table(
      'Rows read per request (meta.rows_read, what D1 bills)',
      (f) => f.rowsRead,
      (v) => v.toLocaleString('en'),
    ),
    table(
      'Request time in workerd (ms, median of 5; D1 included)',
      (f) => f.ms,
      (v) => v.toFixed(0),
    ),
    table(
      'Answer size (KiB)',
      (f) => f.bytes,
      (v) => kb(v),
    ),
  ].join('\n\n')
  console.log(report)
  mkdirSync('reports', { recursive: true })
  writeFileSync('reports/scale.md', report + '\n')
  console.error('\nWritten to reports/scale.md')
  return 0
}
