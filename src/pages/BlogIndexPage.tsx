import { BackToHome } from '../components/templates/BackToHome'
import { PageIntro } from '../components/templates/PageParts'
import { PostList, type PostCard } from '../components/templates/PostList'
import type { PageModule } from '../schemas/page-module'
import type { Post } from '../schemas/posts'
import type { SiteContent } from '../schemas/site-copy'
import { useRenderState } from '../components/RenderContext'
import { DEFAULT_LOCALE, localePath, localeRow } from '../lib/locales'
import { useChrome } from './locale-content'

const longDates = new Map<string, Intl.DateTimeFormat>()

/**
 * "March 10, 2025" for 2025-03-10 (in German "10. März 2025"), the same on every server: the date
 * as the locale's Intl tag writes it (lib/locales.ts), English's by default.
 */
export function postDateLabel(date: string, locale = 'en'): string {
  const tag = localeRow(locale)?.intl ?? 'en-US'
  let format = longDates.get(tag)
  if (!format)
    longDates.set(tag, (format = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' })))
  return format.format(new Date(`${date}T00:00:00Z`))
}

const cardOf = (locale: string) => (post: Post) => ({
  href: `/${post.slug}`,
  title: post.title,
  description: post.description,
  date: post.date,
  dateLabel: postDateLabel(post.date, locale),
  image: post.image,
})

/**
 * Each post's card in the page's locale: its edition there (at /de/<slug>) where it has one, else
 * the English post, marked as English when the locale gives a mark (docs/locales.md).
 */
function cardsIn(locale: string, posts: Post[], editions: Post[], mark: string | undefined): PostCard[] {
  const card = cardOf(locale)
  return posts.map((post) => {
    const edition = editions.find((candidate) => candidate.slug === post.slug)
    if (edition) return { ...card(edition), href: localePath(locale, `/${post.slug}`) }
    return mark ? { ...card(post), other: { lang: DEFAULT_LOCALE, mark } } : card(post)
  })
}

function BlogIndex({ copy, posts }: { copy: SiteContent['copy']['blogIndex']; posts: Post[] }) {
  const { ui, posts: words } = useChrome()
  const { locale, content } = useRenderState()
  const editions = locale === DEFAULT_LOCALE ? [] : (content.localePosts?.[locale] ?? [])
  return (
    <div className="page">
      <BackToHome label={ui.backToHome} />
      <PageIntro heading={copy.heading} lead={copy.lead} />
      <PostList posts={cardsIn(locale, posts, editions, words?.inDefault)} />
    </div>
  )
}

/** /blog: every published post, newest first, server-rendered with no script; in a locale, its editions first-hand. */
export const blogIndexPage = ({ copy, posts }: SiteContent): PageModule => ({
  meta: copy.blogIndex.meta,
  Page: () => <BlogIndex copy={copy.blogIndex} posts={posts} />,
})
