import type { Brand } from '../../schemas/content'

/** Copies of the 12-logo list: tripled for width, then duplicated so a -50% shift loops seamlessly. */
const COPIES = 6

/** 2. Client brand logos scrolling in a seamless loop (35 s, linear, infinite; still under reduced motion). */
export function BrandStrip({ title, brands }: { title: string; brands: Brand[] }) {
  return (
    <section className="brand-strip" aria-labelledby="brand-strip-title">
      <h2 id="brand-strip-title" className="strip-title">
        {title}
      </h2>
      <div className="marquee">
        <div className="marquee-track">
          {Array.from({ length: COPIES }, (_, copy) => (
            <ul key={copy} className="marquee-list" aria-hidden={copy > 0 ? true : undefined}>
              {brands.map((brand) => (
                <li key={brand.id}>
                  <img
                    src={brand.logo}
                    alt={copy === 0 ? brand.name : ''}
                    width={160}
                    height={48}
                    // Every copy is loaded with the page (after everything else), so no slot is
                    // blank while it scrolls in: lazy loading would wait for each to enter the strip.
                    fetchPriority="low"
                  />
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </section>
  )
}
