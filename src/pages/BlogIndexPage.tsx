import { BackToHome } from '../components/templates/BackToHome'
import { PageIntro } from '../components/templates/PageParts'
import { PostList } from '../components/templates/PostList'
import { blogIndex, posts } from '../content/pages/blog'
import { ui } from '../content/ui'
import type { PageModule } from '../schemas/page-module'

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

/** "March 10, 2025" for 2025-03-10, the same on every server. */
export function postDateLabel(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`))
}

const cards = posts.map((post) => ({
  href: `/${post.slug}`,
  title: post.title,
  description: post.description,
  date: post.date,
  dateLabel: postDateLabel(post.date),
  image: post.image,
}))

/** /blog: every post, newest first, server-rendered with no script. */
function BlogIndex() {
  return (
    <div className="page">
      <BackToHome label={ui.backToHome} />
      <PageIntro heading={blogIndex.heading} lead={blogIndex.lead} />
      <PostList posts={cards} />
    </div>
  )
}

export const blogIndexPage: PageModule = { meta: blogIndex.meta, Page: BlogIndex }
