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
            </p>
            <h2>
              <a href={post.href} className="stretched-link">
                {post.title}
              </a>
            </h2>
            <p>{post.description}</p>
          </div>
        </li>
      ))}
    </ul>
  )
}
