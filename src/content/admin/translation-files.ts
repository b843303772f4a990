/** Working with a translation agency (docs/locales.md): the XLIFF download, the upload, the check before applying, and what the file tells the agency. */
import type { XliffRefusal } from '../../lib/translation-fields'

export const translationFiles = {
  meta: {
    title: '{language}: a file from a translation agency · Admin',
    description: 'What a translation agency’s file would change, before it changes anything.',
  },
  heading: '{language}: what the agency’s file would change',
  section: '{language}: work with a translation agency',
  planTitle: 'Before anything changes',
  intro:
    'Download every part of the site copy, every post and every landing page with its {language} translation as one XLIFF file, the format translation agencies’ tools read. When the agency sends it back, check it here: you see what it would change first, and the changes are saved as drafts for an editor to publish.',
  download: 'Download for a translation agency (XLIFF)',
  file: 'The file the agency sent back',
  fileHint: 'An XLIFF file (.xlf or .xliff) of at most 2 MB.',
  check: 'Check the file',
  summary:
    '{changed} to change, {unchanged} already so, {refused} refused. Nothing is published: the changes are saved as drafts, and English does not change.',
  caption: '{title}: what the file changes',
  field: 'Text',
  now: '{language} now',
  incoming: 'From the file',
  status: 'Status',
  olderEnglish: 'Translated from older English, so it will show as outdated.',
  refusedCaption: 'What will not be imported',
  part: 'Part of the site',
  why: 'Why',
  apply: 'Apply {count} changes',
  applyOne: 'Apply 1 change',
  cancel: 'Cancel',
  nothing: 'Nothing to change: the site already says what this file says.',
  refusals: {
    'unknown-document': 'This site has no part called “{doc}”.',
    'not-on-site':
      'No post or landing page is on the site at {address}, so there is nothing there to translate.',
    'unknown-field': 'This part has no text to translate called “{path}”.',
    'wrong-language': 'This text is marked as another language than English into {language}.',
    markup:
      'This text holds tags the site cannot take (a placeholder or a mark from the agency’s tool). The agency should write it as plain text.',
    invalid: 'This text cannot be saved: {problem}',
    duplicate: 'This text is in the file twice; the first one is used.',
  } satisfies Record<XliffRefusal, string>,
  problems: {
    malformed:
      'This file cannot be read as XLIFF 2. The agency’s tool will know what this means: {why}. Nothing changed.',
    language:
      'This file is a translation from {source} into {target}, but this page takes English into {language}. Nothing changed.',
    noFile: 'Choose the file the agency sent back.',
    tooBig:
      'This file is larger than 2 MB, more than the whole site needs. Check that it is the right file. Nothing changed.',
    failed: 'That did not work just now. Nothing changed; try again in a moment.',
  },
  /** What the file tells the agency's translator beside a field. */
  notes: {
    machine: 'Machine translation: no one has reviewed it yet.',
    outdated: 'The English changed after this was translated. It was translated from: {english}',
  },
  notices: {
    imported: {
      ok: true,
      title: 'The agency’s file was applied',
      text: 'Its changes are saved as drafts; an editor publishes them. English did not change.',
    },
  },
}
