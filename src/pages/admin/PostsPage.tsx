import { AdminSection } from '../../components/admin/AdminShell'
import { DataTable } from '../../components/admin/DataTable'
import { adminCopy } from '../../content/admin'
import { ADMIN_PATHS, documentHref, utcText } from '../../lib/admin-links'
import { documentOf } from '../../lib/document-kinds'
import { fillTemplate } from '../../lib/template'
import type { PageModule } from '../../schemas/page-module'
import type { PostListing } from '../../schemas/studio-records'
import { adminPage, readable, type AdminFrame } from './AdminFrame'

export interface PostsData extends AdminFrame {
  /** Every post, newest first; null when they could not be read. */
  posts: PostListing[] | null
}

const copy = adminCopy.posts

const statusText = (post: PostListing) =>
  post.status === 'scheduled' && post.scheduledAt
    ? fillTemplate(copy.statuses.scheduled, { at: utcText(post.scheduledAt) })
    : copy.statuses[post.status]

/** /admin/posts: the repository's posts and the console's, with their status, and New post. */
export function postsPage({ posts, ...frame }: PostsData): PageModule {
  return adminPage(
    'posts',
    copy,
    frame,
    <AdminSection title={copy.heading}>
      <p>{copy.intro}</p>
      <p>
        <a href={ADMIN_PATHS.newPost} className="btn btn-primary btn-sm">
          {copy.create}
        </a>
      </p>
      {readable(posts, (list) => (
        <DataTable
          caption={copy.caption}
          columns={[copy.title, copy.status, copy.date, copy.author, copy.source]}
          rowHeader={0}
          stack
          empty={copy.none}
          rows={list.map((post) => ({
            key: post.slug,
            cells: [
              <a key="title" href={documentHref(documentOf('post', post.slug))}>
                {post.title}
              </a>,
              statusText(post),
              post.date || adminCopy.empty,
              post.author || adminCopy.empty,
              copy.sources[post.source],
            ],
          }))}
        />
      ))}
    </AdminSection>,
  )
}
