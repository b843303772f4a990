/**
 * React in the browser: hydrates one `[data-island]` element as its own root, with the
 * identifierPrefix the server used (so useId values match) and the props the server put beside it.
 * Loaded by the islands' entry (islands.tsx) only once an island is wanted, so React's client
 * renderer never runs while a page whose widgets lie further down is loading.
 */
import { useEffect, type ComponentType, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import type { IslandName } from '../islands'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- props are checked on the server side
type Loader = () => Promise<{ default: ComponentType<any> }>

const loaders: Record<IslandName, Loader> = {
  Carousel: () => import('../islands/Carousel'),
  Testimonials: () => import('../islands/Testimonials'),
  ContactForm: () => import('../islands/ContactForm'),
  UpdateForm: () => import('../islands/UpdateForm'),
}

/**
 * Around an island, with no markup of its own (one child: the server's useId values still match):
 * tells when React has committed the hydration, so the island's handlers are attached.
 */
function Live({ onLive, children }: { onLive: () => void; children: ReactNode }) {
  useEffect(onLive, [onLive])
  return children
}

/** Hydrates the island; resolves once it is live (its handlers attached), not merely started. */
export async function hydrate(el: HTMLElement): Promise<void> {
  const name = el.dataset.island as IslandName
  const id = el.dataset.islandId ?? ''
  const propsEl = document.querySelector(`script[data-island-props="${id}"]`)
  const props = JSON.parse(propsEl?.textContent || '{}') as Record<string, unknown>
  const { default: Component } = await loaders[name]()
  await new Promise<void>((resolve) => {
    hydrateRoot(
      el,
      <Live onLive={resolve}>
        <Component {...props} />
      </Live>,
      {
        identifierPrefix: id,
        onRecoverableError: (error) => console.error('Hydration error in island', name, error),
      },
    )
  })
  // Tests of one island wait for this marker (the page's own, html[data-hydrated], waits for all).
  el.dataset.live = ''
}
