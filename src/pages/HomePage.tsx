import { Island } from '../components/Island'
import type { PageModule } from './types'

/** Placeholder until the home sections land. */
export const homePage: PageModule = {
  meta: { title: 'XR Stores — immersive 3D and XR online stores', description: 'Game-like 3D stores.' },
  Page: () => (
    <>
      <h1>The closest thing to real-life shopping, online</h1>
      <Island
        name="Carousel"
        hydrate="visible"
        props={{
          items: [
            { title: 'Vero Italy', url: 'https://example.com' },
            { title: 'Pixel Pals', url: 'https://example.com' },
          ],
        }}
      />
    </>
  ),
}
