/** /admin/pages (admins and editors): landing pages composed from the site's own sections. */
import type { PostStatus } from '../../schemas/studio-records'
import type { SectionType } from '../../schemas/composed-pages'

export const landing = {
  meta: {
    title: 'Landing pages · Admin',
    description: 'Landing pages built from the site’s own sections.',
  },
  heading: 'Landing pages',
  intro:
    'Build a landing page for a campaign from the site’s own sections: no developer, no deploy. A page is checked when you save it, so it stays as fast and as easy to use as the rest of the site.',
  create: 'New landing page',
  caption: 'Every landing page',
  title: 'Title',
  address: 'Address',
  status: 'Status',
  published: 'Last published (UTC)',
  views: 'Views, 30 days',
  starts: 'Started the form, 30 days',
  leads: 'Leads, 30 days',
  conversion: 'Leads per visitor',
  notMeasured: 'not measured',
  startsNote:
    'Started the form counts each visitor who typed in a page’s own form, once a day, when the page’s script ran. A page whose form asks nothing of its own, or that has no form, shows not measured. Views and leads are counted without any script.',
  loading: 'Loading, 30 days',
  response: 'Response, 30 days',
  none: 'No landing pages yet.',
  statuses: {
    draft: 'Draft',
    scheduled: 'Scheduled for {at}',
    published: 'Published',
    unpublished: 'Taken off the site',
  } satisfies Record<PostStatus, string>,
  new: {
    meta: { title: 'New landing page · Admin', description: 'Start a landing page.' },
    heading: 'New landing page',
    intro: 'Choose its address and what it starts from. You can change everything else afterwards.',
    address: 'Address',
    addressHint: 'Lowercase letters, digits and hyphens, e.g. nrf-2027. The page will be at /nrf-2027.',
    start: 'Start from',
    blank: 'A blank page (a heading and the contact form)',
    campaign: 'The campaign template: hero, logos, offers, a quote, questions and the contact form',
    copyOf: 'A copy of “{title}”',
    create: 'Create the landing page',
    invalid: 'Use lowercase letters, digits and single hyphens, e.g. nrf-2027.',
    slugFixed: 'A page keeps the address it was made with.',
  },
  /** A page's other language versions, in the editor's More (docs/locales.md). */
  languages: {
    add: 'Add a German version',
    open: 'Edit the German version',
    addNote:
      'Its words are translated beside the English, field by field, and published on their own. Pictures, links and the form’s settings stay this page’s.',
    liveNote: 'The German version is on the site at {path}.',
  },
  taken: {
    route: 'The site’s own page {path} has that address. Choose another.',
    post: 'The post “{title}” has that address. Choose another.',
    page: 'The landing page “{title}” has that address. Choose another.',
    redirect: 'A redirect from {path} is set in Redirects. Delete it there first, or choose another address.',
  },
  sections: {
    add: 'Add a section',
    addHint: 'Adds it at the end; move it up from there.',
    duplicate: 'Duplicate',
    section: 'Section {n}: {type}',
    types: {
      home: {
        name: 'Home page section',
        line: 'One of the home page’s own sections, with the words its part of Site copy holds.',
      },
      hero: { name: 'Hero', line: 'The page’s headline over a looping video, with its buttons.' },
      intro: { name: 'Headline', line: 'The page’s headline and lead, without a video.' },
      brandStrip: { name: 'Brand strip', line: 'The client logos, scrolling.' },
      benefits: { name: 'Offers grid', line: 'Up to 8 cards, each a benefit with a picture or a figure.' },
      figures: { name: 'Figures row', line: '3 or 4 numbers, each with its label.' },
      showcases: { name: 'Showcase cards', line: 'Cards with a picture, a line and a link.' },
      services: { name: 'Services cards', line: 'The extended services, as cards with pictures.' },
      xrTiles: { name: 'XR tiles', line: 'Tiles with a short looping video each.' },
      pictureText: { name: 'Picture with text', line: 'A heading and text beside a picture, left or right.' },
      richText: { name: 'Rich text', line: 'Paragraphs, lists and links, written in Markdown.' },
      quote: { name: 'Quote', line: 'What a client said, with their name.' },
      faq: {
        name: 'Questions and answers',
        line: 'Questions that open to their answers; search engines read them too.',
      },
      why: { name: 'Why choose us', line: 'Six reasons beside the reviews slider.' },
      blogTeaser: { name: 'Blog teaser', line: 'Up to 3 posts, each with a line about it.' },
      logoWall: { name: 'Logo wall', line: 'Logos from the media library, in a grid.' },
      ctaBand: { name: 'Call to action', line: 'A band with one heading, one line and one button.' },
      funding: { name: 'Funding banner', line: 'The funding offer, with its button.' },
      contact: { name: 'Contact form', line: 'The Schedule call form. Leads from it name this page.' },
    } satisfies Record<SectionType | 'home', { name: string; line: string }>,
  },
  share: {
    heading: 'Share for review',
    intro:
      'A link anyone can open for 7 days without an account (a client, legal) to see the last saved draft as it will look. Search engines never see it.',
    make: 'Make a share link',
    caption: 'Share links that still open',
    madeBy: 'Made by',
    ends: 'Ends (UTC)',
    revoke: 'Revoke',
    none: 'No share links open.',
    madeHeading: 'Share link made',
    madeText:
      'Copy it now: it is shown only once. Anyone with it can see the latest saved draft until {at}, and each change you save after. It ends if you leave the team or can no longer edit pages.',
    link: 'Share link',
    back: 'Back to the page',
    bar: {
      label: 'Draft for review',
      note: 'Shared until {at}: this is not the live page yet. This link shows the latest saved draft: changes saved after it was shared show here too.',
      back: 'The live site',
    },
  },
  gate: {
    starterTitle:
      'This is the template’s title, not yet yours. Write the title a search result should show for this page.',
    starterDescription:
      'This is the template’s hint, not yet your description. Say in a sentence or two what this page offers: search results and link previews show it.',
    firstH1: 'A page starts with its headline: make the first section a Hero or a Headline.',
    secondH1: 'A page has one headline, and it is the first section. Use another kind of section here.',
    once: 'A page can show this section once. Remove this one.',
    sameName:
      'Another section has this heading: give each section its own, so people who listen to the page can tell them apart.',
    alt: 'Describe the picture for people who cannot see it.',
    link: 'The site has no page at {path}. Link to a page that exists.',
    richTextPicture: 'Rich text holds no pictures: add a Picture with text section instead.',
    heavy:
      'The page would weigh {kb} KB, over the {budget} KB that keeps it fast on a phone: remove a section, or shorten the longest.',
    heavyPictures:
      'The pictures a phone shows first would weigh {kb} KB, over the {budget} KB that keeps the page fast: choose a lighter picture here, or one with less detail.',
  },
}
