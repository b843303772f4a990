/** /admin/posts (admins and editors): the repository's posts and the console's, together. */
export const posts = {
  meta: { title: 'Posts · Admin', description: 'The blog: the repository’s posts and the console’s.' },
  heading: 'Posts',
  intro:
    'Posts from the repository and posts written here, together. A post written here is published exactly like one from the repository: on the blog, the home page, the feed and the sitemap.',
  create: 'New post',
  caption: 'Every post, newest first',
  title: 'Title',
  status: 'Status',
  date: 'Date',
  author: 'Author',
  source: 'Written in',
  statuses: {
    draft: 'Draft',
    scheduled: 'Scheduled for {at}',
    published: 'Published',
    unpublished: 'Taken off the site',
  },
  sources: { repository: 'Repository', console: 'Console', edited: 'Repository, edited here' },
  none: 'No posts yet.',
  editor: {
    newHeading: 'New post',
    newMeta: { title: 'New post · Admin', description: 'Write a new post.' },
    slugFixed: 'A saved post keeps its address; More, below, moves it.',
    taken: 'Another post has that address. Choose another.',
    unpublish: 'Take off the site',
    unpublishNote: 'It stays here, with its history; publish it again any time.',
    revert: 'Revert to the repository’s version',
    revertNote: 'Removes the changes made here; the history keeps them.',
    move: 'Move to this address',
    moveLabel: 'New address',
    moveHint:
      'Lowercase letters, digits and hyphens. The history moves with the post, and the old address sends visitors to the new one.',
    more: 'More',
  },
}
