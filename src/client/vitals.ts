/**
 * The field speed reporter (issue 62), loaded by the page's inline script (lib/page-script.ts) after
 * `load` on a sampled share of views. It measures LCP, INP, CLS, FCP and TTFB with web-vitals and
 * sends them once, on the page's first hide (or `pagehide`), in one `sendBeacon` to /api/vitals
 * (server/traffic/routes/vitals-beacon.ts, whose schema is the contract): the page's path without
 * its query, how it was reached, the viewport's width and the values. The browser family comes
 * from the request's User-Agent, the continent from the edge. No id, no cookie, no storage.
 *
 * A prerendered page is measured from its activation, and its navigation type is `prerender`
 * (web-vitals does both). web-vitals reports its final LCP, CLS and INP in its own listener for
 * the hide, registered on window in the capture phase; ours is on window in the bubble phase, so
 * it runs after theirs whatever the order the two were added.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals'

const values: Partial<Record<Metric['name'], number>> = {}
let navigation: Metric['navigationType'] | undefined
let sent = false

function keep(metric: Metric): void {
  // Milliseconds to the unit, CLS to 4 places: finer than the histograms' 10 % buckets.
  values[metric.name] =
    metric.name === 'CLS' ? Math.round(metric.value * 1e4) / 1e4 : Math.round(metric.value)
  navigation ??= metric.navigationType
}

function send(): void {
  if (sent || !navigation) return
  sent = true
  const beacon = { page: location.pathname, nav: navigation, width: innerWidth, metrics: values }
  navigator.sendBeacon('/api/vitals', JSON.stringify(beacon))
}

for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) on(keep)
addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') send()
})
addEventListener('pagehide', send)
