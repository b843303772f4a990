/**
 * The console's guide (/admin/help): one section a part of the console, in the words of the person
 * who uses it, written like docs/experiments.md's "For marketing". Every console page links to its
 * part's section ("Help with this page"). A part added to lib/console-parts.ts needs its section
 * here: the type says so.
 */
import type { AdminPart } from '../../lib/console-parts'

export interface GuideSection {
  /** What this part of the console is for, in one or two sentences. */
  about: string
  /** How the usual task goes, step by step. */
  steps: readonly string[]
  /** What is good to know before you start. */
  notes?: readonly string[]
}

export const guide = {
  meta: { title: 'Help · Admin', description: 'How each part of the console works, step by step.' },
  heading: 'Help',
  intro:
    'How each part of the console works, step by step. You see the parts your role may use; ask an admin if you need another.',
  linkLabel: 'Help with this page',
  stepsTitle: 'Step by step',
  notesTitle: 'Good to know',
  parts: {
    overview: {
      about: 'The first page after signing in: what needs you today, and how the site is doing.',
      steps: [
        'Read the banner first: it appears only when leads are waiting for a person.',
        'Each box links to the part of the console it comes from.',
      ],
    },
    content: {
      about:
        'The words and pictures of every part of the site: each home section, About, Try-on, Gaming, the footer and the titles search engines show.',
      steps: [
        'Choose the part you want to change, then change its fields.',
        'Save draft keeps your change without showing it to visitors.',
        'Save and preview opens the real page with your draft and a Preview bar.',
        'Save and publish now puts it live everywhere within seconds; Save and schedule does it at a time you choose (UTC).',
      ],
      notes: [
        'History shows what each publish changed, field by field, and Restore puts an earlier one back.',
        'Test this draft on visitors starts an experiment instead of publishing it.',
      ],
    },
    posts: {
      about: 'The blog: the posts that came with the site and the ones written here.',
      steps: [
        'New post: a title, an address, a short description and the text.',
        'Write the text in Markdown: ## for a heading, **bold**, [a link](https://example.com).',
        'Preview, then publish now or schedule it.',
      ],
      notes: [
        'Moving a post to a new address leaves a redirect behind, so old links keep working.',
        'A save that would break the page (a missing picture, a dead link) is refused, with the reason beside the field.',
        'Take off the site asks first; the post stays here with its history, to publish again any time.',
      ],
    },
    landing: {
      about:
        'Landing pages for a campaign, a fair or an offer, built from sections, each at its own address.',
      steps: [
        'New landing page: choose its address and a start (the campaign template, blank, or a copy of another page).',
        'Replace every grey example text with your own: a page still showing the template’s words cannot be published.',
        'Add sections from the menu, open a section to edit it, and move, duplicate or remove it with its buttons.',
        'Save and preview, then Make a share link for someone without an account.',
        'Publish, then open or copy the live address from the notice.',
      ],
      notes: [
        'Each save is checked: a headline first, alt text on every picture, no dead link, and a page light enough to load fast on a phone.',
        'Take off the site asks first, and can send visitors to another address instead.',
      ],
    },
    media: {
      about: 'The pictures every picture field picks from.',
      steps: [
        'Upload a JPEG, PNG, WebP or AVIF picture (up to 25 MB).',
        'Describe it for people who cannot see it (alt text), or mark it as decorative.',
        'Pick it in any page’s picture field: its alt text comes with it.',
      ],
      notes: ['A picture shown anywhere on the site, or in a running experiment, cannot be deleted.'],
    },
    redirects: {
      about: 'Send an old address on to a new one, live at once.',
      steps: [
        'Add a redirect: the old address (a * matches the rest of it) and where it goes.',
        'The addresses visitors asked for and did not find are listed below: turn one into a redirect with its button.',
      ],
      notes: ['A redirect can only send visitors to this site, or to an https address you name in full.'],
    },
    experiments: {
      about:
        'Test a change on part of the visitors before everyone sees it, and keep the version that brings more leads.',
      steps: [
        'Save a draft of the page or section in the editor, then choose Test this draft on visitors.',
        'Choose the split and the smallest change worth knowing, then Start.',
        'Read the results as often as you like: only “Brings more leads than A” or “Brings fewer leads than A” is an answer.',
        'Make the better version live, or stop without changing the site.',
      ],
      notes: ['A red banner means the split is broken: trust no figure until it goes.'],
    },
    settings: {
      about: 'The address of the 3D viewer that the site’s buttons open.',
      steps: [
        'Paste the new address and save: the site uses it within seconds.',
        'Every change is kept: Restore puts an earlier address back.',
      ],
    },
    leads: {
      about: 'Every message sent through the site’s forms, and whether it reached sales.',
      steps: [
        'Filter by status or channel, or search names, e-mail addresses, phone numbers and the words of messages.',
        'Open a lead to read it: e-mail and phone are links that start a message or a call.',
        'Send again retries a lead that did not go out; Not spam rescues one caught by mistake.',
        'Export CSV downloads the leads the list shows now.',
      ],
      notes: [
        'Each lead shows the page and campaign it came from.',
        'Erase removes a person’s details for good, when they ask.',
      ],
    },
    traffic: {
      about:
        'How many people visit each page, where they come from, and how many become leads. No cookie is used.',
      steps: [
        'Choose the period, then read the pages, sources and campaigns tables.',
        'Download CSV for a spreadsheet.',
      ],
    },
    speed: {
      about:
        'How fast each page is for real visitors, on their phones and computers, wherever they are. No cookie is used.',
      steps: [
        'Choose 7 or 28 days, then read the pages, devices and regions tables: green is good, amber needs improvement, red is poor, and each says so in words too.',
        'A figure read from fewer than 100 views says not enough data.',
      ],
      notes: [
        'The landing pages’ list and each experiment’s results show loading and response beside the leads.',
      ],
    },
    team: {
      about: 'Who may use the console, and what each may do.',
      steps: [
        'Invite a person by name and role, then send them the link (Copy puts it on your clipboard).',
        'Change a role or remove a person from their row.',
      ],
      notes: ['The last admin who can sign in can be neither demoted nor removed.'],
    },
    activity: {
      about: 'Who did what in the console, and when. Nothing here can be changed or deleted.',
      steps: ['Filter by person or action, or download the log as CSV.'],
    },
    account: {
      about: 'Your passkeys and the browsers you are signed in on.',
      steps: [
        'Add a passkey: your phone or computer unlocks the console with your fingerprint, face or PIN instead of a password.',
        'Sign out everywhere ends every session but this one.',
      ],
    },
    help: {
      about: 'This page.',
      steps: ['Each console page links to its part here with Help with this page.'],
    },
  } satisfies Record<AdminPart, GuideSection>,
}
