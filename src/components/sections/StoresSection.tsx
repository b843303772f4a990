import { home } from '../../content/home'
import { Island } from '../Island'
import { SectionHeading } from '../ui/SectionHeading'

/** 8. "Explore our store": the demo store carousel (an island, hydrated when near). */
export function StoresSection() {
  const { stores } = home
  return (
    <section className="section section-tint stores-section" aria-labelledby="stores-title">
      <div className="container">
        <SectionHeading id="stores-title" title={stores.title} intro={stores.intro} />
        <Island
          name="Carousel"
          hydrate="visible"
          props={{
            label: 'Demo stores',
            items: stores.items.map(({ title, url, video }) => ({ title, url, video })),
          }}
        />
      </div>
    </section>
  )
}
