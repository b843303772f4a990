/**
 * The audit's verdict: Lighthouse's medians against the budgets, and the report as Markdown.
 */
import { kb, markdownTable, median } from '../lib/table.mjs'
/** Budgets of issues 6 and 12 for Lighthouse (mobile performance and LCP; the other categories on both forms). */
export const LH_BUDGETS = {
  mobilePerformance: 98,
  mobileLcpMs: 2500,
  otherCategories: 100,
  cls: 0,
  tbtMs: 50,
}

/** Median of every figure over the runs; failing audits from any run. */
export function summarise(samples) {
  /** @type {Record<string, any>} */
  const out = { runs: samples.length }
  for (const key of Object.keys(samples[0] ?? {})) {
    if (key === 'failingAudits') out[key] = [...new Set(samples.flatMap((s) => s.failingAudits))]
    else out[key] = median(samples.map((s) => s[key]))
  }
  return out
}

export function lighthouseFailures(route, formFactor, s) {
  const failures = []
  const where = `${route} (${formFactor})`
  if (formFactor === 'mobile' && s.performance < LH_BUDGETS.mobilePerformance)
    failures.push(`${where}: Performance ${s.performance} < ${LH_BUDGETS.mobilePerformance}`)
  for (const [key, label] of [
    ['accessibility', 'Accessibility'],
    ['bestPractices', 'Best Practices'],
    ['seo', 'SEO'],
  ]) {
    if (s[key] < LH_BUDGETS.otherCategories)
      failures.push(`${where}: ${label} ${s[key]} (${s.failingAudits.join(', ')})`)
  }
  if (formFactor === 'mobile' && s.lcpMs > LH_BUDGETS.mobileLcpMs)
    failures.push(`${where}: LCP ${Math.round(s.lcpMs)} ms > ${LH_BUDGETS.mobileLcpMs} ms`)
  if (s.cls > LH_BUDGETS.cls) failures.push(`${where}: CLS ${s.cls.toFixed(3)} > 0`)
  if (s.tbtMs > LH_BUDGETS.tbtMs)
    failures.push(`${where}: TBT ${Math.round(s.tbtMs)} ms > ${LH_BUDGETS.tbtMs} ms`)
  return failures
}

export function renderMarkdown(routes, report, { runs, formFactors, skip, source, realistic }) {
  const parts = []
  if (!skip.has('lighthouse')) {
    const rows = []
    for (const route of routes) {
      for (const formFactor of formFactors) {
        const s = report[route].lighthouse[formFactor]
        if (!s) continue
        rows.push([
          route,
          formFactor,
          s.performance,
          s.accessibility,
          s.bestPractices,
          s.seo,
          Math.round(s.fcpMs),
          Math.round(s.lcpMs),
          s.cls.toFixed(3),
          Math.round(s.tbtMs),
          kb(s.jsBytes),
          kb(s.cssBytes),
          kb(s.htmlBytes),
          s.requests,
        ])
      }
    }
    parts.push(
      `Lighthouse 13.5 (median of ${runs} run${runs === 1 ? '' : 's'}; mobile = default simulated throttling, desktop = desktop preset; served gzip like the edge):\n`,
      markdownTable(
        [
          'route',
          'form',
          'Perf',
          'A11y',
          'BP',
          'SEO',
          'FCP ms',
          'LCP ms',
          'CLS',
          'TBT ms',
          'JS KB',
          'CSS KB',
          'HTML KB',
          'requests',
        ],
        rows,
      ),
      '\nJS/CSS/HTML KB = bytes transferred (gzip, with headers) as Lighthouse recorded them.\n',
    )
  }
  parts.push(
    `Bytes the page loads (gzip level 6 of the built files), images at 390 px (3x) before the first scroll and after scrolling to the end${realistic ? ', with the realistic photos' : ''}, and checks:\n`,
    markdownTable(
      [
        'route',
        'JS KB',
        'CSS KB',
        'HTML KB',
        'img KB first view',
        'img KB total',
        'islands',
        'axe violations',
        'HTML errors',
        'HTML warnings',
      ],
      routes.map((route) => {
        const r = report[route]
        return [
          route,
          kb(r.bytes.jsGzip),
          kb(r.bytes.cssGzip),
          kb(r.bytes.htmlGzip),
          r.images ? kb(r.images.firstView) : 'skipped',
          r.images ? kb(r.images.total) : 'skipped',
          r.bytes.islands.join(' ') || '-',
          skip.has('axe') ? 'skipped' : r.axe.length,
          skip.has('vnu') ? 'skipped' : r.html.errors.length,
          skip.has('vnu') ? 'skipped' : r.html.warnings,
        ]
      }),
    ),
    `\nRoutes from ${source}.`,
  )
  return parts.join('\n')
}
