import { BackToHome } from '../components/templates/BackToHome'
import { PageIntro } from '../components/templates/PageParts'
import { PostList } from '../components/templates/PostList'
import { ui } from '../content/ui'
import type { PageModule } from '../schemas/page-module'
import type { Post } from '../schemas/posts'
import type { SiteContent } from '../schemas/site-copy'

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

/** "March 10, 2025" for 2025-03-10, the same on every server. */
export function postDateLabel(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`))
}

const cardOf = (post: Post) => ({
  href: `/${post.slug}`,
  title: post.title,
  description: post.description,
  date: post.date,
  dateLabel: postDateLabel(post.date),
  image: post.image,
})

/** /blog: every published post, newest first, server-rendered with no script. */
export const blogIndexPage = ({ copy, posts }: SiteContent): PageModule => ({
  meta: copy.blogIndex.meta,
  Page: () => (
    <div className="page">
      <BackToHome label={ui.backToHome} />
      <PageIntro heading={copy.blogIndex.heading} lead={copy.blogIndex.lead} />
      <PostList posts={posts.map(cardOf)} />
    </div>
  ),
})
