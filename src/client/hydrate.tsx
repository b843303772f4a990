/**
 * React in the browser: hydrates one `[data-island]` element as its own root, with the
 * identifierPrefix the server used (so useId values match) and the props the server put beside it.
 * Loaded by the islands' entry (islands.tsx) only once an island is wanted, so React's client
 * renderer never runs while a page whose widgets lie further down is loading.
 */
import type { ComponentType } from 'react'
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

export async function hydrate(el: HTMLElement): Promise<void> {
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
