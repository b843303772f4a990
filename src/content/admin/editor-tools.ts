/**
 * The words of the editor's way around a long page (the sticky bar, the outline) and of closing the
 * loop after an action: the live address after Publish, Copy and Share beside a link shown once,
 * taking a page off the site (asked first), and moving a landing page to a new address.
 */
export const tools = {
  bar: {
    label: 'Save, preview and publish',
    save: 'Save draft',
    preview: 'Preview',
    publish: 'Publish',
    parts: 'All parts',
    newHint: 'Save the draft with Save draft, at the top: then preview it, publish it or schedule it.',
  },
  outline: {
    title: 'On this page',
    hint: 'Each section is folded: open it by its name, or jump to it from here.',
    sections: 'Sections',
  },
  copy: {
    copy: 'Copy',
    share: 'Share',
    done: 'Copied.',
    failed:
      'This browser did not let the page copy it: the link is selected, copy it with the keyboard or the menu.',
    openReview: 'Open it as they will see it',
    newTab: 'in a new tab',
  },
  join: {
    role: 'Your role: {role}, for {note}.',
    what: 'What is a passkey?',
    passkey:
      'A passkey is how you sign in here, instead of a password. Your phone or computer keeps it, and unlocks it the way it unlocks itself: with your fingerprint, your face or your device’s PIN. There is nothing to remember, and nothing anyone can steal from this site.',
    stuck: 'If the passkey cannot be made',
    tries: [
      'Press the button again and follow your device’s prompt to the end.',
      'On a computer without a fingerprint reader or camera, choose “Use a phone or tablet” in the prompt and scan the code with your phone; or open this link on your phone.',
      'Still stuck? This link works until {at}. Ask the person who invited you for help, or for a new link.',
    ],
    failed: 'The passkey was not made. Try again, or see “If the passkey cannot be made” below.',
  },
  live: {
    title: 'On the site now',
    text: 'Visitors see it at this address: use it in ads, e-mails and QR codes.',
    label: 'Live address',
    open: 'Open the live page',
  },
  unpublish: {
    meta: { title: 'Take off the site? · Admin', description: 'Take a landing page off the site.' },
    heading: 'Take this page off the site?',
    text: 'Visitors who open {path} will see that the page is gone, and search engines drop it. Its draft and its history stay here: publish it again to bring it back.',
    redirect: 'Send its visitors to another address (optional)',
    redirectHint:
      'An address on this site, such as /retail-fair-2027, or a whole https:// address. Leave it empty to say the page is gone.',
    confirm: 'Take it off the site',
    keep: 'Keep it on the site',
    post: {
      meta: { title: 'Take off the site? · Admin', description: 'Take a post off the site.' },
      heading: 'Take this post off the site?',
      text: 'Visitors who open {path} will see that the post is gone, and it leaves the blog, its feed and search engines. Its draft and its history stay here: publish it again to bring it back.',
    },
  },
  move: {
    label: 'New address',
    hint: 'Lowercase letters, digits and hyphens. Its history moves with it, and if it was ever on the site its old address sends visitors to the new one.',
    button: 'Move to this address',
    fixed: 'A saved page keeps its address; More, below, moves it.',
  },
  notices: {
    pageMoved: {
      ok: true,
      title: 'Moved',
      text: 'The page is at its new address. Its old address sends visitors here (a 301 in Redirects), so no link to it breaks.',
    },
    pageMovedDraft: {
      ok: true,
      title: 'Moved',
      text: 'The page is at its new address. It was never published, so its old address needs no redirect.',
    },
    pageMoveRepository: {
      ok: false,
      title: 'Not moved',
      text: 'This page came with the site, so it keeps its address: make a copy at the new address instead (New landing page, a copy of this one).',
    },
    pageMoveInvalid: {
      ok: false,
      title: 'Not moved',
      text: 'Use lowercase letters, digits and single hyphens, e.g. nrf-2027, and not one of the site’s own pages.',
    },
    pageMoveTaken: {
      ok: false,
      title: 'Not moved',
      text: 'Another page, post or redirect has that address. Choose another.',
    },
    unpublishedRedirected: {
      ok: true,
      title: 'Taken off the site',
      text: 'Its visitors are sent to the address you chose (a rule in Redirects). The page is kept here, with its history; publish it again any time.',
    },
  },
}
