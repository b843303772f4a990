import { ReadingPage } from '../components/templates/ReadingPage'
import { ButtonLink } from '../components/ui/SmartLink'
import { articleFrame } from '../content/pages/article'
import { site } from '../content/site'
import type { PageModule } from '../schemas/page-module'
import type { Post } from '../schemas/posts'
import { fillTemplate } from '../lib/template'
import { useChrome } from './locale-content'

/**
 * One blog post (/blog-1, /blog-2, /blog-3 and every other file in src/content/blog), or its
 * edition in another locale at `path` (/de/blog-1), framed in that locale's words.
 */
export function articlePage(post: Post, path = `/${post.slug}`): PageModule {
  const ArticleBody = () => {
    const { ui, posts } = useChrome()
    const frame = posts?.frame ?? articleFrame
    const header = (
      <>
        <p className="kicker">{frame.kicker}</p>
        <h1 className="page-title">{post.title}</h1>
        <p className="article-meta">{fillTemplate(frame.readingTime, { minutes: post.readingMinutes })}</p>
      </>
    )
    return (
      <ReadingPage backLabel={ui.backToHome} header={header} html={post.html}>
        <aside aria-label={frame.aside.label} className="callout article-aside">
          <p className="callout-title">{frame.aside.title}</p>
          <p>
            <ButtonLink cta={frame.aside.cta} />
          </p>
        </aside>
      </ReadingPage>
    )
  }
  return {
    meta: {
      title: `${post.title} — ${site.name}`,
      description: post.description,
      jsonLd: blogPosting(post, path),
      article: {
        publishedTime: post.date,
        image: post.socialImage ? { url: post.socialImage, alt: post.image.alt || post.title } : undefined,
      },
    },
    Page: ArticleBody,
  }
}

/** schema.org BlogPosting: what search engines show for the post (absolute addresses need the origin). */
function blogPosting(post: Post, path: string) {
  return (origin: string) => ({
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    datePublished: post.date,
    author: { '@type': 'Person', name: post.author },
    image: origin + post.imageUrl,
    url: origin + path,
    mainEntityOfPage: origin + path,
    publisher: { '@type': 'Organization', name: site.legalName, logo: origin + site.logo.src },
  })
}
