import { useRenderState } from '../components/RenderContext'
import { MediaCardGrid, type ShownCard } from '../components/sections/MediaCardGrid'
import { DEFAULT_LOCALE, localePath } from '../lib/locales'
import { useChrome } from './locale-content'
import type { BlogTeaserCard } from '../schemas/home'
import type { Post } from '../schemas/posts'

/**
 * The blog teaser's cards (the home page's, a composed page's): each post's title, picture and
 * address, with the card's line; a post not published is left out. In a locale, a post with an
 * edition there is shown and linked in it (/de/<slug>); one without stays the English post, its
 * title marked as English ("Auf Englisch", as on /de/blog).
 */
export function teaserCards(
  cards: BlogTeaserCard[],
  posts: Post[],
  locale: string,
  editions: Post[],
  /** What marks a post shown in English on a page in another language. */
  mark?: string,
): ShownCard[] {
  return cards.flatMap((card) => {
    const post = posts.find((p) => p.slug === card.post)
    if (!post) return []
    const edition = editions.find((p) => p.slug === post.slug)
    const shown = edition ?? post
    const href = edition ? localePath(locale, `/${post.slug}`) : `/${post.slug}`
    const other = !edition && locale !== DEFAULT_LOCALE
    const shownCard = { title: shown.title, description: card.description, image: shown.image, href }
    return [other ? { ...shownCard, lang: DEFAULT_LOCALE, mark } : shownCard]
  })
}

/** The teaser's grid in the page's locale. */
export function BlogTeaserGrid({ cards, posts }: { cards: BlogTeaserCard[]; posts: Post[] }) {
  const { locale, content } = useRenderState()
  const { posts: words } = useChrome()
  const editions = locale === DEFAULT_LOCALE ? [] : (content.localePosts?.[locale] ?? [])
  return <MediaCardGrid cards={teaserCards(cards, posts, locale, editions, words?.inDefault)} />
}
