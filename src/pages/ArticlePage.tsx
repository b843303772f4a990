import { ReadingPage } from '../components/pages/ReadingPage'
import { ButtonLink } from '../components/ui/SmartLink'
import { articleFrame as frame } from '../content/pages/blog'
import { site } from '../content/site'
import { ui } from '../content/ui'
import { fillTemplate } from '../lib/template'
import type { PageModule } from '../schemas/page-module'
import type { Article } from '../schemas/pages'

/** One blog article (/blog-1, /blog-2, /blog-3) from its typed copy. */
export function articlePage(article: Article): PageModule {
  const header = (
    <>
      <p className="kicker">{frame.kicker}</p>
      <h1 className="page-title">{article.title}</h1>
      <p className="article-meta">{fillTemplate(frame.readingTime, { minutes: article.readingMinutes })}</p>
    </>
  )
  const ArticleBody = () => (
    <ReadingPage backLabel={ui.backToHome} header={header} text={article} introClassName="article-intro">
      <aside aria-label={frame.aside.label} className="callout article-aside">
        <p className="callout-title">{frame.aside.title}</p>
        <p>
          <ButtonLink cta={frame.aside.cta} />
        </p>
      </aside>
    </ReadingPage>
  )
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
