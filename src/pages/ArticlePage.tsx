import { BackToHome } from '../components/pages/BackToHome'
import { Prose } from '../components/pages/Prose'
import { pageStyles } from '../components/pages/styles'
import { site } from '../content/site'
import { CONTACT_SECTION_ID } from '../schemas/anchors'
import type { Article } from '../schemas/pages'
import type { PageModule } from '../schemas/page-module'

/** One blog article (/blog-1, /blog-2, /blog-3) from its typed copy. */
export function articlePage(article: Article): PageModule {
  function ArticleBody() {
    return (
      <article className={pageStyles.readingColumn}>
        <BackToHome />
        <header className="mt-6">
          <p className="text-sm font-semibold tracking-wider text-indigo-300 uppercase">Blog</p>
          <h1 className={`mt-2 ${pageStyles.h1}`}>{article.title}</h1>
          <p className="mt-3 text-sm text-slate-300">{article.readingMinutes} min read</p>
        </header>
        {article.intro.map((paragraph) => (
          <p key={paragraph} className="mt-6 text-lg leading-relaxed text-slate-200">
            {paragraph}
          </p>
        ))}
        <Prose sections={article.sections} />
        <aside
          aria-label="Talk to us"
          className="mt-14 rounded-2xl bg-indigo-950/60 p-6 ring-1 ring-indigo-400/30"
        >
          <p className="text-lg font-semibold text-white">Want an immersive store for your brand?</p>
          <p className="mt-4">
            <a href={`/#${CONTACT_SECTION_ID}`} className={pageStyles.primaryButton}>
              Contact us
            </a>
          </p>
        </aside>
      </article>
    )
  }
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.title,
    description: article.meta.description,
    author: { '@type': 'Organization', name: site.name },
    publisher: { '@type': 'Organization', name: site.legalName },
  }
  return { meta: { ...article.meta, jsonLd }, Page: ArticleBody }
}
