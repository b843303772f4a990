/**
 * `npm run bench -- --redirects [--rules 10000]`: what the console's redirects cost a request
 * (issue 47's goal: at most 0.02 ms at 10,000 rules). The table is plain JavaScript, so it is
 * measured here in Node, the same V8 as workerd: building it from the rules (once per content
 * stamp an isolate sees) and one lookup for an exact old address, a pattern's address, and an
 * address no rule takes (a true 404). A page, a post and every route never ask: the worker looks
 * a path up only in its 404 handler (src/worker.ts). Then planning a CSV import of 10,000 lines
 * (issue 59, U8: what Check and Apply on /admin/redirects each run), in CPU time. Prints the tables
 * and writes reports/redirects.md.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { registerHooks } from 'node:module'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { RedirectTable } from '../../src/lib/redirect-rules.ts'
import { markdownTable } from './table.mjs'

// The worker's sources import each other without extensions (Vite resolves them): so does Node here.
registerHooks({
  resolve(specifier, context, next) {
    if (
      /^\.\.?\//.test(specifier) &&
      !/\.[cm]?[jt]sx?$/.test(specifier) &&
      context.parentURL?.startsWith('file:')
    )
      for (const tail of ['.ts', '.tsx', '/index.ts']) {
        const url = new URL(specifier + tail, context.parentURL)
        if (existsSync(fileURLToPath(url))) return next(url.href, context)
      }
    return next(specifier, context)
  },
})

/** `count` rules like an old site's: most exact, 1 in 50 a pattern, under 200 first segments. */
function rulesOf(count) {
  return Array.from({ length: count }, (_, i) => {
    const section = `section-${i % 200}`
    return i % 50 === 0
      ? { from: `/${section}/old-${i}/:slug`, to: `/new-${i}/:slug`, status: 301 }
      : { from: `/${section}/page-${i}`, to: `/new-page-${i}`, status: 301 }
  })
}

/** Microseconds per call of `run`, the median of 5 rounds of `n` calls. */
function perCall(run, n) {
  const rounds = []
  for (let round = 0; round < 5; round++) {
    const start = performance.now()
    for (let i = 0; i < n; i++) run(i)
    rounds.push(((performance.now() - start) * 1000) / n)
  }
  return rounds.sort((a, b) => a - b)[2]
}

/** CPU milliseconds (user and system) of one call of `run`, the median of 3. */
function cpuMs(run) {
  const rounds = []
  for (let round = 0; round < 3; round++) {
    const start = process.cpuUsage()
    run()
    const { user, system } = process.cpuUsage(start)
    rounds.push((user + system) / 1000)
  }
  return rounds.sort((a, b) => a - b)[1]
}

/** Planning an import of `count` lines of each kind, over no rules and over `count` rules. */
async function importCost(count) {
  const { planImport } = await import('../../src/server/studio/services/redirect-import.ts')
  const served = Array.from({ length: 60 }, (_, i) => `/page-${i}`)
  const csv = (lines) => ['from,to,status', ...lines].join('\n')
  const patterns = csv(Array.from({ length: count }, (_, i) => `/old-${i}/*,/new-${i}/:splat,301`))
  const exact = csv(Array.from({ length: count }, (_, i) => `/old-page-${i},/new-page-${i},301`))
  const existing = rulesOf(count).map((rule) => ({ ...rule, by: 'bench', at: '2026-12-01T00:00:00Z' }))
  const mixed = csv(
    rulesOf(count).map((rule) => `${rule.from.replace('section', 'moved')},${rule.to},${rule.status}`),
  )
  const rows = [
    [`${count.toLocaleString('en')} pattern lines (/old-i/*,/new-i/:splat)`, 'none', patterns, []],
    [`${count.toLocaleString('en')} exact lines`, 'none', exact, []],
    [`${count.toLocaleString('en')} lines, 1 in 50 a pattern`, count.toLocaleString('en'), mixed, existing],
  ].map(([what, over, text, rules]) => {
    const plan = planImport(text, rules, served)
    return [what, over, String(plan.added.length), cpuMs(() => planImport(text, rules, served)).toFixed(0)]
  })
  const table = markdownTable(['import', 'rules before', 'added', 'plan (CPU ms, median of 3)'], rows)
  return `Planning a CSV import (planImport, what Check and Apply each run)\n\n${table}\n`
}

export async function runRedirects({ rules: count = 10_000 } = {}) {
  const rows = []
  for (const size of [10, 1_000, count]) {
    const rules = rulesOf(size)
    const build = perCall(() => new RedirectTable(rules), size >= 1_000 ? 20 : 2_000)
    const table = new RedirectTable(rules)
    const exactPaths = rules.filter((rule) => !rule.from.includes(':')).map((rule) => rule.from)
    const exact = perCall((i) => table.match(exactPaths[i % exactPaths.length]), 200_000)
    const pattern = perCall((i) => table.match(`/section-0/old-0/post-${i}`), 200_000)
    const miss = perCall((i) => table.match(`/section-${i % 200}/nothing-${i}`), 200_000)
    rows.push([
      size.toLocaleString('en'),
      (build / 1000).toFixed(2),
      exact.toFixed(3),
      pattern.toFixed(3),
      miss.toFixed(3),
    ])
  }
  const table = markdownTable(
    [
      'rules',
      'build the table (ms, once per stamp)',
      'exact address (µs)',
      'pattern address (µs)',
      'no rule (µs)',
    ],
    rows,
  )
  const report =
    `Redirect lookups in Node ${process.version} (median of 5 rounds)\n\n${table}\n\n` +
    (await importCost(count))
  console.log(report)
  mkdirSync('reports', { recursive: true })
  writeFileSync('reports/redirects.md', report)
  return 0
}
