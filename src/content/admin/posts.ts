/** /admin/posts (admins and editors): the posts the site was built with and the console's, together. */
import type { PostStatus } from '../../schemas/studio-records'

export const posts = {
  meta: {
    title: 'Posts · Admin',
    description: 'The blog: the posts the site came with and the ones written here.',
  },
  heading: 'Posts',
  intro:
    'The posts the site came with and the posts written here, together. A post written here is published exactly like the others: on the blog, the home page, the feed and the sitemap.',
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
  } satisfies Record<PostStatus, string>,
  sources: {
    repository: 'Came with the site',
    console: 'Written here',
    edited: 'Came with the site, edited here',
  },
  none: 'No posts yet.',
  editor: {
    newHeading: 'New post',
    newMeta: { title: 'New post · Admin', description: 'Write a new post.' },
    slugFixed: 'A saved post keeps its address; More, below, moves it.',
    taken: 'Another post has that address. Choose another.',
    unpublish: 'Take off the site',
    unpublishNote: 'It stays here, with its history; publish it again any time.',
    revert: 'Go back to the version the site came with',
    revertNote: 'Removes the changes made here; the history keeps them.',
    move: 'Move to this address',
    moveLabel: 'New address',
    moveHint:
      'Lowercase letters, digits and hyphens. The history moves with the post, and the old address sends visitors to the new one.',
    more: 'More',
    languages: 'In other languages',
    languagesNote:
      'A version in another language translates the words: the title, the description, the text and the pictures’ descriptions. The address, date, author and pictures stay this post’s. It is published on its own and never changes this one.',
    addLocale: 'Add a {language} version',
    openLocale: 'Open the {language} version',
    listedLocale: '{title} ({language} post)',
  },
}
