import type { BlogTeaserCard, MediaCard } from '../schemas/home'
import type { Post } from '../schemas/posts'

/**
 * The blog teaser's cards (the home page's, a composed page's): each post's title, picture and
 * address, with the card's line; a post not published is left out.
 */
export function teaserCards(cards: BlogTeaserCard[], posts: Post[]): MediaCard[] {
  return cards.flatMap((card) => {
    const post = posts.find((p) => p.slug === card.post)
    return post
      ? [{ title: post.title, description: card.description, image: post.image, href: `/${post.slug}` }]
      : []
  })
}
