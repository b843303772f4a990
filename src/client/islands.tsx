/**
 * The islands' entry, loaded only by pages that render an island; it holds no React. An island
 * that asks for 'load' is hydrated at once; any other when it comes within a screen of the
 * viewport. React (hydrate.tsx) is fetched and run only then, so a page whose widgets lie further
 * down runs no long task while it loads (Total Blocking Time, docs/measurements.md), and each
 * widget works as plain HTML until it is hydrated.
 */
import './touched'
import './enhance'

/** A screen ahead: a widget is ready by the time a visitor scrolling down reaches it. */
const NEAR = '100% 0px'

function whenNear(el: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        observer.disconnect()
        resolve()
      },
      { rootMargin: NEAR },
    )
    // The marker is display: contents (no box of its own): what it holds is what comes near.
    for (const child of el.children) observer.observe(child)
  })
}

const pending = [...document.querySelectorAll<HTMLElement>('[data-island]')].map(async (el) => {
  if (el.dataset.hydrate !== 'load') await whenNear(el)
  // Marks the island as wanted: tests that scroll to it wait for this, then for the whole page.
  el.dataset.hydrating = ''
  const { hydrate } = await import('./hydrate')
  await hydrate(el)
})

void Promise.allSettled(pending).then(() => {
  // Tests wait for this marker: every island wanted so far is live (hydrate.tsx).
  document.documentElement.dataset.hydrated = 'true'
})
