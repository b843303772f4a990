import { ShowcaseCard } from '../components/pages/ShowcaseCard'
import { pageStyles } from '../components/pages/styles'
import { tryOnPage as copy } from '../content/pages/try-on'
import type { PageModule } from '../schemas/page-module'

function TryOn() {
  return (
    <div className={pageStyles.container}>
      <h1 className={pageStyles.h1}>{copy.heading}</h1>
      <p className={pageStyles.lead}>{copy.lead}</p>
      <div className="mt-12 space-y-10">
        {copy.items.map((item, index) => (
          <ShowcaseCard key={item.id} item={item} reverse={index % 2 === 1} />
        ))}
      </div>
      <section aria-labelledby="try-on-benefits" className="mt-20">
        <h2 id="try-on-benefits" className={pageStyles.h2}>
          {copy.benefitsHeading}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {copy.benefits.map((benefit) => (
            <li key={benefit.title} className={pageStyles.card}>
              {benefit.value ? (
                <p aria-hidden="true" className="text-3xl font-bold text-indigo-300">
                  {benefit.value}
                </p>
              ) : null}
              <h3 className={`mt-2 ${pageStyles.h3}`}>{benefit.title}</h3>
              <p className={`mt-2 ${pageStyles.body}`}>{benefit.description}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

export const tryOnPage: PageModule = { meta: copy.meta, Page: TryOn }
