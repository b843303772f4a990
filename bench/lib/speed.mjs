/**
 * `npm run bench -- --speed [--rows-per-day 2000]`: field speed's costs (issue 62), measured inside
 * workerd by bench/speed/speed.measure.ts: one beacon's ingestion (goal: at most 0.05 ms of CPU),
 * and the Speed page at 1, 28 and 400 days of histograms (goal: 400 days within 1.5× of 1 day).
 * Prints the tables and writes them to reports/speed.md.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { kb, markdownTable } from './table.mjs'

/** @param {{ rowsPerDay?: number }} options */
export function runSpeed({ rowsPerDay = 2_000 } = {}) {
  console.error(`• field speed in workerd, ${rowsPerDay.toLocaleString('en')} histogram rows a day…`)
  const out = join(tmpdir(), `xr-speed-${process.pid}.json`)
  execFileSync('node_modules/.bin/vitest', ['run', '--config', 'bench/speed/vitest.config.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      VITE_SPEED_ROWS_PER_DAY: String(rowsPerDay),
      RENDER_COST_OUT: out,
      WRANGLER_SEND_METRICS: 'false',
    },
  })
  const report = JSON.parse(readFileSync(out, 'utf8'))
  const ms = (value) => value.toFixed(4)
  const ingest = markdownTable(
    ['what', 'median ms', 'min ms', 'max ms', 'batches × size'],
    [
      ['one beacon counted (5 metrics, buffered; no I/O)', report.ingest],
      ['its share of the batch write to D1 (200 beacons, later, in waitUntil)', report.write],
    ].map(([what, r]) => [what, ms(r.medianMs), ms(r.minMs), ms(r.maxMs), `${r.batches} × ${r.batchSize}`]),
  )
  const oneDay = (period) => report.pages.find((p) => p.days === 1 && p.period === period)
  const page = markdownTable(
    [
      'days of histograms',
      'rows',
      'period shown',
      'median ms',
      'min ms',
      'max ms',
      '× 1 day',
      'first read ms',
      'KB',
    ],
    report.pages.map((p) => [
      p.days,
      p.rows.toLocaleString('en'),
      `${p.period} days`,
      p.ms.toFixed(1),
      p.minMs.toFixed(1),
      p.maxMs.toFixed(1),
      (p.ms / oneDay(p.period).ms).toFixed(2),
      p.firstMs.toFixed(1),
      kb(p.bytes),
    ]),
  )
  const markdown = [
    'One beacon in the collector (timed between KV reads, median per beacon over batches):\n',
    ingest,
    '',
    `The Speed page through the worker (app.request, to the last byte; median of 9 after 2 warm-ups; ${report.rowsPerDay.toLocaleString('en')} rows a day):\n`,
    page,
    '',
  ].join('\n')
  console.log('\n' + markdown)
  mkdirSync('reports', { recursive: true })
  writeFileSync('reports/speed.md', `# Field speed\n\n${markdown}\n`)
  return 0
}
