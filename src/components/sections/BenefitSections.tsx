import { home } from '../../content/home'
import { Picture } from '../ui/Picture'
import { SectionHeading } from '../ui/SectionHeading'

/** 3. "The Shoppers get...": four benefits. */
export function ShoppersSection() {
  const { shoppers } = home
  return (
    <section className="section" aria-labelledby="shoppers-title">
      <div className="container">
        <SectionHeading id="shoppers-title" title={shoppers.title} intro={shoppers.intro} />
        <ul className="card-grid card-grid-4">
          {shoppers.items.map((item) => (
            <li key={item.title} className="card benefit-card">
              {item.image ? <Picture {...item.image} className="benefit-icon" /> : null}
              <h3>{item.title}</h3>
              <p>{item.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

/** 4. "The Brands get...": four figures and the 90% claim. */
export function BrandsGetSection() {
  const { brandsGet } = home
  return (
    <section className="section section-tint" aria-labelledby="brands-get-title">
      <div className="container">
        <SectionHeading id="brands-get-title" title={brandsGet.title} intro={brandsGet.intro} />
        <ul className="card-grid card-grid-4">
          {brandsGet.stats.map((stat) => (
            <li key={stat.title} className="card stat-card">
              <p className="stat-value">{stat.value}</p>
              <h3>{stat.title}</h3>
              <p>{stat.description}</p>
            </li>
          ))}
        </ul>
        <p className="claim">
          <strong className="claim-value">{brandsGet.claim.value}</strong> {brandsGet.claim.text}
        </p>
      </div>
    </section>
  )
}
