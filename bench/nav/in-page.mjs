/**
 * What `npm run nav` runs inside the page (serialised by Playwright or the DevTools protocol):
 * removing the rules, noting the click, and timing the paint after it.
 */
/* global document, requestAnimationFrame, addEventListener, MutationObserver, HTMLScriptElement -- run in the page */
/** Removes the page's Speculation Rules as the parser inserts them, before any link is hovered. */
export function removeSpeculationRules() {
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node instanceof HTMLScriptElement && node.type === 'speculationrules') node.remove()
  }).observe(document, { childList: true, subtree: true })
}

/** In the page left behind: when the click happened, on the shared epoch clock. */
export function recordClicks() {
  addEventListener(
    'click',
    (event) => localStorage.setItem('nav-click-at', String(performance.timeOrigin + event.timeStamp)),
    { capture: true },
  )
}

/** In the page shown: click to first contentful paint (from activation when prerendered). */
export async function paintAfterClick() {
  const fcp = () => performance.getEntriesByName('first-contentful-paint')[0]
  while (!fcp()) await new Promise((resolve) => requestAnimationFrame(resolve))
  const entry = /** @type {PerformanceNavigationTiming & { activationStart: number }} */ (
    performance.getEntriesByType('navigation')[0]
  )
  const paintAt = performance.timeOrigin + Math.max(fcp()?.startTime ?? 0, entry.activationStart)
  const clickAt = Number(localStorage.getItem('nav-click-at'))
  const activatedAt = performance.timeOrigin + entry.activationStart
  return {
    ms: paintAt - clickAt,
    activationStart: entry.activationStart,
    toActivation: entry.activationStart > 0 ? activatedAt - clickAt : NaN,
  }
}
