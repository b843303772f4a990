import type { BenefitCard } from '../../schemas/content'
import type { StatsContent } from '../../schemas/home'
import { Picture } from '../ui/Picture'

/** 3. "The Shoppers get...": four benefits, each with its icon. */
export function BenefitGrid({ items }: { items: BenefitCard[] }) {
  return (
    <ul className="card-grid card-grid-4">
      {items.map((item) => (
        <li key={item.title} className="card benefit-card">
          {item.image ? <Picture {...item.image} className="benefit-icon" /> : null}
          <h3>{item.title}</h3>
          <p>{item.description}</p>
        </li>
      ))}
    </ul>
  )
}

/** 4. "The Brands get...": four figures and the 90% claim under them. */
export function StatGrid({ stats, claim }: Pick<StatsContent, 'stats' | 'claim'>) {
  return (
    <>
      <ul className="card-grid card-grid-4">
        {stats.map((stat) => (
          <li key={stat.title} className="card stat-card">
            <p className="stat-value">{stat.value}</p>
            <h3>{stat.title}</h3>
            <p>{stat.description}</p>
          </li>
        ))}
      </ul>
      <p className="claim">
        <strong className="claim-value">{claim.value}</strong> {claim.text}
      </p>
    </>
  )
}
