/** /admin/redirects (admins and editors): old addresses sent on to new ones. */
import type { RedirectRefusal } from '../../schemas/admin-outcomes'

/** Why a rule was refused: words for every code of studio/services/redirects.ts. */
const refusals = {
  'bad-from':
    'The old address must be a path on this site, such as /old-page, /blog/:post or /campaign/*, with no spaces, “?” or “#”.',
  'bad-to':
    'The new address must be a path on this site (/new-page) or a whole address starting with https://.',
  insecure:
    'The new address starts with http://. Use its https:// address, so visitors stay on a secure connection.',
  'unknown-name':
    'The new address uses a :name the old address does not have. Use only the names of the old one, or :splat for its *.',
  'bad-status': 'Choose Permanent (301) or Temporary (302).',
  backslash:
    'The new address has a backslash (\\) in it. Browsers read it as “/”, which can take visitors to another site. Use “/” instead.',
  'name-in-host':
    'In an https:// address, :name and :splat may come only after the site’s name, as in https://partner.example/shop/:name, never in the site’s name itself, or anyone could choose where visitors go.',
  served:
    '{from} is an address this site serves, so a redirect there would never be used. Choose another old address.',
  chain:
    '{to} already sends visitors on to {next}. Send {from} straight there instead, so visitors make one hop, not two.',
  loop: 'That would send visitors round in a circle ({from} and {to} would send to each other). Check the new address.',
  'pattern-chain':
    '{other} already sends visitors to an address this pattern takes. Point {other} at the final address first, or choose a narrower pattern.',
} satisfies Record<RedirectRefusal, string>

export const redirects = {
  refusals,
  meta: {
    title: 'Redirects · Admin',
    description: 'Old addresses and where they send visitors now, live without a deploy.',
  },
  heading: 'Redirects',
  intro:
    'A redirect sends an address the site no longer serves to a new one, so links shared on social media and in search keep working. A change is live on this site at once and everywhere within a minute.',
  add: {
    title: 'Add or change a redirect',
    from: 'Old address',
    fromHint:
      'A path such as /old-page. /blog/:post takes one part of the path (any word after the colon), and a final /* takes the rest.',
    to: 'New address',
    toHint:
      'A path on this site (/new-page, /blog-post#section) or an https:// address. It may use the old address’s parts by their words, such as :post, or :splat for its *.',
    status: 'Type',
    permanent: 'Permanent (301): the page has moved for good',
    temporary: 'Temporary (302): it will come back',
    submit: 'Save redirect',
    offer: 'Send {from} to {to}',
  },
  list: {
    title: 'Every redirect',
    caption: 'Redirects, by old address',
    from: 'Old address',
    to: 'Sends to',
    status: 'Type',
    made: 'Made (UTC)',
    delete: 'Delete',
    by: 'by',
    none: 'No redirects yet.',
    noMatch: 'No redirect starts with that.',
    filter: 'Old addresses starting with',
    filterSubmit: 'Show',
    clear: 'Show all',
    count: '{count} redirects in all.',
    more: 'More redirects',
    first: 'Back to the first',
    permanent: '301 permanent',
    temporary: '302 temporary',
    repository: 'The site’s built-in redirects are answered before these; a developer changes them.',
  },
  inbox: {
    title: 'Addresses visitors found missing',
    intro:
      'Addresses on this site that visitors asked for in the last 30 days and that answer “not found”, most asked for first. Send one where its visitors meant to go, or ignore it.',
    caption: 'Addresses that answer 404, most hits first',
    address: 'Address',
    week: 'Hits, 7 days',
    month: 'Hits, 30 days',
    from: 'Most came from',
    direct: 'No link (typed or bookmarked)',
    redirect: 'Redirect to…',
    redirectLabel: 'New address for {path}',
    submit: 'Redirect',
    ignore: 'Ignore',
    none: 'No address answered 404 in the last 30 days.',
  },
  transfer: {
    title: 'Import or export',
    export: 'Export every redirect as CSV',
    file: 'CSV file',
    fileHint:
      'Columns from, to and status (301 or 302), as the export writes them. Nothing changes until you have seen what the file would do.',
    check: 'Check the file',
    tooMany: 'A file may hold at most 10,000 redirects; this line is past that.',
    noFile: 'Choose a CSV file to import.',
  },
  plan: {
    title: 'What this file would do',
    summary:
      '{added} to add, {changed} to change, {unchanged} already so, {refused} refused. Redirects the file does not name stay as they are.',
    added: 'To add',
    changed: 'To change',
    refused: 'Refused',
    captionAdded: 'Redirects the file adds',
    captionChanged: 'Redirects the file changes',
    captionRefused: 'Lines of the file that will not be imported',
    line: 'Line',
    before: 'Sends to now',
    after: 'Will send to',
    why: 'Why',
    apply: 'Apply these changes',
    cancel: 'Cancel',
    more: 'And {count} more, not listed here. Apply makes them all.',
  },
  notices: {
    imported: {
      ok: true,
      title: 'Imported',
      text: 'The file’s redirects are live. Redirects the file did not name are as they were.',
    },
    ignored: {
      ok: true,
      title: 'Ignored',
      text: 'That address is no longer in the list of missing addresses.',
    },
    saved: { ok: true, title: 'Saved', text: 'The redirect is live.' },
    repointed: {
      ok: true,
      title: 'Saved',
      text: 'The redirect is live, and the redirects that sent to its old address now send straight to its new one.',
    },
    deleted: { ok: true, title: 'Deleted', text: 'That address is no longer redirected.' },
    gone: { ok: false, title: 'Not done', text: 'That redirect was already deleted.' },
    refused: 'Not saved',
    failed: {
      ok: false,
      title: 'Not done',
      text: 'The redirects could not be changed. Try again in a moment.',
    },
  },
}
