import { BackToHome } from '../components/pages/BackToHome'
import { pageStyles } from '../components/pages/styles'
import { tryPage as copy } from '../content/pages/try'
import type { PageModule } from '../schemas/page-module'

function Try() {
  return (
    <div className={pageStyles.container}>
      <BackToHome />
      <h1 className={`mt-6 ${pageStyles.h1}`}>{copy.heading}</h1>
      <p className={pageStyles.lead}>{copy.lead}</p>
      <section aria-labelledby="how-it-works" className="mt-12">
        <h2 id="how-it-works" className={pageStyles.h2}>
          How the demo works
        </h2>
        <ol className="mt-6 grid gap-6 md:grid-cols-3">
          {copy.steps.map((step, index) => (
            <li key={step.title} className={pageStyles.card}>
              <p aria-hidden="true" className="text-3xl font-bold text-indigo-300">
                {index + 1}
              </p>
              <h3 className={`mt-2 ${pageStyles.h3}`}>{step.title}</h3>
              <p className={`mt-2 ${pageStyles.body}`}>{step.description}</p>
            </li>
          ))}
        </ol>
      </section>
      <section
        aria-labelledby="try-cta"
        className="mt-12 flex flex-col items-start gap-4 rounded-2xl bg-indigo-950/60 p-8 ring-1 ring-indigo-400/30 sm:flex-row sm:items-center sm:justify-between"
      >
        <h2 id="try-cta" className="text-xl font-semibold text-white">
          {copy.cta.text}
        </h2>
        <a href={copy.cta.href} className={pageStyles.primaryButton}>
          {copy.cta.label}
        </a>
      </section>
      <section aria-labelledby="try-related" className="mt-12">
        <h2 id="try-related" className={pageStyles.h2}>
          Open to try now
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-2">
          {copy.related.map((link) => (
            <li key={link.href} className={pageStyles.card}>
              <a href={link.href} className={pageStyles.textLink}>
                {link.label}
              </a>
              <p className={`mt-2 ${pageStyles.body}`}>{link.description}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

export const tryPage: PageModule = { meta: copy.meta, Page: Try }
