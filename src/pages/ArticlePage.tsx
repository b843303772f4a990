import { BackToHome } from '../components/pages/BackToHome'
import { Prose } from '../components/pages/Prose'
import { site } from '../content/site'
import { CONTACT_SECTION_ID } from '../schemas/anchors'
import type { Article } from '../schemas/pages'
import type { PageModule } from '../schemas/page-module'

/** One blog article (/blog-1, /blog-2, /blog-3) from its typed copy. */
export function articlePage(article: Article): PageModule {
  function ArticleBody() {
    return (
      <article className="page-narrow">
        <BackToHome />
        <header>
          <p className="kicker">Blog</p>
          <h1 className="page-title">{article.title}</h1>
          <p className="article-meta">{article.readingMinutes} min read</p>
        </header>
        {article.intro.map((paragraph) => (
          <p key={paragraph} className="article-intro">
            {paragraph}
          </p>
        ))}
        <Prose sections={article.sections} />
        <aside aria-label="Talk to us" className="callout article-aside">
          <p className="callout-title">Want an immersive store for your brand?</p>
          <p>
            <a href={`/#${CONTACT_SECTION_ID}`} className="btn btn-primary">
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
