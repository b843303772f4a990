import type { ImageContent } from '../../schemas/content'
import { CARD_IMAGE_SIZES } from '../sections/MediaCardGrid'
import { Picture } from '../ui/Picture'

export interface PostCard {
  href: string
  title: string
  description: string
  /** YYYY-MM-DD, for <time>. */
  date: string
  /** The date as readers see it. */
  dateLabel: string
  image: ImageContent
  /** A post shown in another language than the page's (an English post on /de/blog): its language, and the mark saying so. */
  other?: { lang: string; mark: string }
}

/** The /blog list: a linked card per post with its date, in the order given (newest first). */
export function PostList({ posts }: { posts: PostCard[] }) {
  return (
    <ul className="card-grid card-grid-3 post-list">
      {posts.map((post, index) => (
        <li key={post.href} className="card media-card linked-card post-card">
          {/* The first card is the largest paint of the page on most screens. */}
          <Picture {...post.image} className="card-media" sizes={CARD_IMAGE_SIZES} priority={index === 0} />
          <div className="card-body">
            <p className="post-date">
              <time dateTime={post.date}>{post.dateLabel}</time>
              {post.other ? ` · ${post.other.mark}` : null}
            </p>
            <h2 lang={post.other?.lang}>
              <a href={post.href} className="stretched-link" hrefLang={post.other?.lang}>
                {post.title}
              </a>
            </h2>
            <p lang={post.other?.lang}>{post.description}</p>
          </div>
        </li>
      ))}
    </ul>
  )
}
