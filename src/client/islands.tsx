/**
 * The browser's React entry, loaded only by pages that render an island. Each
 * `[data-island]` element is hydrated as its own root with the identifierPrefix the server
 * used; 'visible' islands wait until they come near the viewport (or the browser is idle).
 */
import type { ComponentType } from 'react'
import { hydrateRoot } from 'react-dom/client'
import type { IslandName } from '../islands'
import './enhance'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- props are checked on the server side
type Loader = () => Promise<{ default: ComponentType<any> }>

const loaders: Record<IslandName, Loader> = {
  Carousel: () => import('../islands/Carousel'),
  Testimonials: () => import('../islands/Testimonials'),
  ContactForm: () => import('../islands/ContactForm'),
  UpdateForm: () => import('../islands/UpdateForm'),
}

async function hydrate(el: HTMLElement): Promise<void> {
  const name = el.dataset.island as IslandName
  const id = el.dataset.islandId ?? ''
  const propsEl = document.querySelector(`script[data-island-props="${id}"]`)
  const props = JSON.parse(propsEl?.textContent || '{}') as Record<string, unknown>
  const { default: Component } = await loaders[name]()
  hydrateRoot(el, <Component {...props} />, {
    identifierPrefix: id,
    onRecoverableError: (error) => console.error('Hydration error in island', name, error),
  })
}

function whenVisible(el: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect()
      resolve()
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) done()
      },
      { rootMargin: '200px' },
    )
    observer.observe(el)
    // Also hydrate on idle, so a widget is ready before the visitor scrolls to it.
    const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 1500))
    idle(done, { timeout: 4000 })
  })
}

const pending = [...document.querySelectorAll<HTMLElement>('[data-island]')].map(async (el) => {
  if (el.dataset.hydrate !== 'load') await whenVisible(el)
  await hydrate(el)
})

void Promise.allSettled(pending).then(() => {
  // Tests wait for this marker.
  document.documentElement.dataset.hydrated = 'true'
})
