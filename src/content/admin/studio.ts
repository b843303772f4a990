/**
 * The studio (admins and editors): the site's pages and sections, their editor, history and
 * preview. The words of its fields are in studio-fields.ts, its list buttons' notices in studio-notices.ts.
 */
import type { DocumentKind } from '../../lib/document-kinds'
import type { StudioStatus } from '../../schemas/studio-records'
import type { DocumentId } from '../documents'
import { studioFields } from './studio-fields'
import { studioNotices } from './studio-notices'

/** Each document of /admin/content: its name, and what it holds. */
const documents = {
  'home-layout': {
    title: 'Home: sections',
    description:
      'Which sections the home page shows, in what order; add a section from the landing pages’ library.',
  },
  'home-hero': { title: 'Home: hero', description: 'The first screen: headline, text, video and buttons.' },
  'home-offers': {
    title: 'Home: what we offer',
    description: 'Shoppers and brands get, the store builder, the commerce suite.',
  },
  'home-showcase': {
    title: 'Home: XR, stores and real estate',
    description: 'The XR tiles, the demo stores and the real-estate section.',
  },
  'home-testimonials': {
    title: 'Home: why choose us',
    description: 'The reasons and the reviews.',
  },
  'home-blog': { title: 'Home: blog teaser', description: 'The three posts the home page shows.' },
  'home-funding': { title: 'Home: funding banner', description: 'The banner and its button.' },
  'home-services': { title: 'Home: services', description: 'The extended services cards.' },
  'home-contact': { title: 'Home: contact', description: 'The contact section and its form’s words.' },
  about: { title: 'About Us', description: 'Mission, vision and story.' },
  'try-on': { title: 'Try-on', description: 'The try-on items and benefits.' },
  gaming: { title: 'Gaming', description: 'The games.' },
  footer: { title: 'Footer', description: 'The columns of links at the bottom of every page.' },
  seo: { title: 'Search titles and descriptions', description: 'What search results show for each page.' },
} satisfies Record<DocumentId, { title: string; description: string }>

export const studio = {
  documents,
  ...studioFields,
  list: {
    add: 'Add',
    remove: 'Remove',
    up: 'Move up',
    down: 'Move down',
    meta: { title: 'Site copy · Admin', description: 'The words and pictures of the site’s pages.' },
    heading: 'Site copy',
    intro:
      'Change the words and pictures of the site. Every save is a draft; preview it on the real page, then publish it now or at a set time. Nothing you do here needs a developer.',
    caption: 'Every part of the site you can edit',
    document: 'Part',
    status: 'Status',
    published: 'Last published (UTC)',
    by: 'by',
  },
  status: {
    repository: 'As built, not edited here',
    live: 'Edited, live',
    draft: 'Draft waiting',
    scheduled: 'Scheduled for {at}',
    unpublished: 'Taken off the site',
  } satisfies Record<StudioStatus, string>,
  editor: {
    meta: { title: 'Edit · Admin', description: 'Edit a part of the site: draft, preview, publish.' },
    back: 'All site copy',
    backPosts: 'All posts',
    backPages: 'All landing pages',
    errorsTitle: 'The draft was not saved',
    errorsText: 'Fix the fields listed here; what you typed is kept.',
    save: 'Save draft',
    preview: 'Save and preview',
    publish: 'Save and publish now',
    schedule: 'Save and schedule',
    scheduleAt: 'Publish at (UTC)',
    scheduleHint: 'A date and time in UTC, at least a minute from now.',
    cancel: 'Cancel the schedule',
    history: 'History',
    testDraft: 'Test this draft on visitors',
    actions: 'Save, preview and publish',
    draft: 'Draft saved by {who} at {at}. It is not live yet.',
    scheduled: 'Publishes at {at}, as scheduled by {who}.',
    live: 'Live since {at}, published by {who}.',
    repository: 'The site shows the version it was built with.',
    notLive: 'Not on the site yet: publish it to put it there.',
    unpublished: 'Taken off the site; publish again to bring it back.',
  },
  preview: {
    label: 'Preview',
    note: 'This is a draft. Visitors see the published page until you publish it.',
    back: 'Back to the editor',
  },
  history: {
    meta: { title: 'History · Admin', description: 'Every publish of a part of the site, and Restore.' },
    heading: 'History',
    caption: 'Every publish, newest first (times in UTC)',
    when: 'When',
    who: 'Who',
    what: 'What changed',
    before: 'Before',
    after: 'After',
    restore: 'Restore',
    restoreNote: 'Restore publishes this version again, as a new entry.',
    repository: 'As the site was built',
    repositoryNote:
      'The version the site was built with, before anything was published here. Restore publishes it again, as a new entry.',
    nothing: 'No change of its own (the same as the version before).',
    none: 'Nothing published here yet: the site shows the version it was built with.',
    empty: '(empty)',
    scheduled: 'scheduled',
    restored: 'restored',
    unpublished: 'taken off the site',
    reverted: 'back to the version the site was built with',
  },
  notices: {
    saved: {
      ok: true,
      title: 'Draft of the {kind} saved',
      text: 'The live site is unchanged until you publish.',
    },
    savedUnscheduled: {
      ok: false,
      title: 'Draft of the {kind} saved, schedule cancelled',
      text: 'The publish that was scheduled was for the version before this save. Schedule again to publish this one.',
    },
    published: {
      ok: true,
      title: '{Kind} published',
      text: 'The site shows it now, everywhere within a minute.',
    },
    scheduled: { ok: true, title: '{Kind} scheduled', text: 'It publishes at the time you chose.' },
    cancelled: { ok: true, title: 'Schedule cancelled', text: 'The draft is kept, and not published.' },
    restored: { ok: true, title: '{Kind} restored', text: 'That version is live again, as a new entry.' },
    unpublished: {
      ok: true,
      title: '{Kind} taken off the site',
      text: 'It is kept here, with its history; publish it again any time.',
    },
    reverted: {
      ok: true,
      title: '{Kind} reverted',
      text: 'The site shows the version it was built with again.',
    },
    shareRevoked: {
      ok: true,
      title: 'Link revoked',
      text: 'Anyone who opens it now sees that it has ended.',
    },
    moved: {
      ok: true,
      title: 'Moved',
      text: 'The post is at its new address. Its old address sends visitors here (a 301 in Redirects), so no link to it breaks.',
    },
    movedDraft: {
      ok: true,
      title: 'Moved',
      text: 'The post is at its new address. It was never published, so its old address needs no redirect.',
    },
    moveRepository: {
      ok: false,
      title: 'Not moved',
      text: 'A post that came with the site keeps the address of its file: a developer renames the file.',
    },
    moveInvalid: {
      ok: false,
      title: 'Not moved',
      text: 'An address is lowercase letters, digits and hyphens, and not one of the site’s own pages.',
    },
    moveTaken: { ok: false, title: 'Not moved', text: 'Another post has that address. Choose another.' },
    moveTakenPage: {
      ok: false,
      title: 'Not moved',
      text: 'A landing page has that address. Choose another.',
    },
    created: {
      ok: true,
      title: '{Kind} created',
      text: 'It is a draft: preview it, then publish or schedule it.',
    },
    stale: {
      ok: false,
      title: 'Not published',
      text: 'Someone saved this again since you opened it. Reload, look at their draft, then publish.',
    },
    nothing: { ok: false, title: 'Nothing to publish', text: 'There is no draft: save one first.' },
    time: {
      ok: false,
      title: 'Not scheduled',
      text: 'Choose a date and time in UTC, at least a minute from now.',
    },
    missing: { ok: false, title: 'Not restored', text: 'That version is not in this history.' },
    pictureGone: {
      ok: false,
      title: 'Not restored',
      text: 'That version shows a picture that was deleted from the media library. Open the editor, choose another picture, then publish.',
    },
    failed: { ok: false, title: 'Not done', text: 'The change could not be stored. Try again in a moment.' },
  },
  /** The kind of document a notice names (`{kind}`, `{Kind}` at the start of a title). */
  kinds: { copy: 'site copy', post: 'post', page: 'landing page' } satisfies Record<DocumentKind, string>,
  /** A landing page's translation on the site copy's list, where translators find it. */
  pageTranslation: 'Landing page {path}: the German version',
  ...studioNotices,
}
