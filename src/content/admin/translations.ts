/** The studio per locale's words (docs/locales.md, "The studio per locale"): the translation editor, its statuses and notices. */
import type { DEFAULT_LOCALE, LocaleCode } from '../../lib/locales'
import type { FieldStatus } from '../../lib/translation-fields'

/** What a save or publish of a translation said, by the notice's key (the flash's `notice`). */
export const translationNotices = {
  nothingToPreview: {
    ok: false,
    title: 'Nothing to preview yet',
    text: 'This translation has no words of its own yet. Write at least one, save the draft, then preview it.',
  },
  saved: {
    ok: true,
    title: 'Translation saved as a draft',
    text: 'The site does not change until an editor publishes it.',
  },
  published: {
    ok: true,
    title: 'Translation published',
    text: 'The pages in this language show it now. English did not change.',
  },
  nothing: { ok: false, title: 'Nothing to publish', text: 'There is no saved draft of this translation.' },
  stale: {
    ok: false,
    title: 'Someone saved this translation after you opened it',
    text: 'Nothing was saved. Open it again to see their draft.',
  },
  failed: { ok: false, title: 'That did not work', text: 'Nothing changed; try again in a moment.' },
}

export const translations = {
  meta: { title: '{language}: {title} · Admin', description: 'The page’s words beside their translation.' },
  heading: '{language}: {title}',
  intro:
    'The English on the left, its translation on the right, field by field. Save keeps a draft; an editor publishes it. A field whose English changed since it was translated says so, with the old and the new English.',
  progress: '{language}: {percent} % done',
  english: 'English',
  now: 'English now',
  before: 'English it was translated from',
  statusLabel: 'Status after saving',
  keep: 'Keep: {status}',
  status: {
    missing: 'Missing',
    machine: 'Machine translation',
    review: 'Needs review',
    done: 'Done',
    outdated: 'Outdated: the English text changed',
  } satisfies Record<FieldStatus, string>,
  save: 'Save draft',
  preview: 'Preview',
  publish: 'Publish {language}',
  history: 'History of the {language} version',
  english_editor: 'Edit the English',
  back: 'Back to site copy',
  invalidHeading: 'Not saved: these fields need another look',
  missingHeading: 'Not published: these fields have no translation yet',
  checkHeading: 'Check before publishing',
  checkText:
    'These fields are published as they are: machine translations no one has reviewed, or translations of English that has changed since. Publish anyway, or set their status first.',
  publishAnyway: 'Publish as it is',
  translate: 'Translate: {language}',
  filter: 'Needs work in {language}',
  /** The site copy's list as a translator sees it: each part opens its translation. */
  translatorIntro:
    'Each part of the site opens in {language}, beside its English. Save keeps your draft; an editor publishes it.',
  allParts: 'All parts',
  listColumn: 'Translations',
  translatesInto: 'Translates into (for the Translator role)',
  forbidden: 'Admin, Editor, and translators of {language}',
  notices: translationNotices,
  /** Each locale's name in the console's English. */
  languages: { de: 'German' } satisfies Record<Exclude<LocaleCode, typeof DEFAULT_LOCALE>, string>,
  /** What the activity log says of a save, per status set. */
  reviewed: '{language}: {count} fields set to a status',
}
