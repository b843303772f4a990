/** The translation editor's machine suggestions (docs/locales.md, "Suggestions"): its buttons and what a suggestion said. */
import type { AdminNotice } from '../../schemas/admin-words'

export const suggestions = {
  field: 'Suggest',
  /** After the field's button, for a screen reader: which field. */
  fieldFor: 'a translation of {label}',
  all: 'Suggest {language} for every field',
  note: 'A suggestion replaces the words in the field and is marked Machine translation until someone reviews it. Workers AI bills it; each suggestion says about how much.',
  tokens: 'about {tokens} tokens of Workers AI',
  noTokens: 'Workers AI did not say what it cost',
  notices: {
    suggested: {
      ok: true,
      title: 'Suggestion saved as a machine translation',
      text: '{count} of {asked} fields now hold a machine suggestion, marked Machine translation until someone reviews it ({cost}).',
    },
    'suggested-some': {
      ok: true,
      title: 'Some suggestions were left out',
      text: '{count} of {asked} fields now hold a machine suggestion ({cost}). The others kept their words: their suggestion lost a placeholder, a link, the formatting, or a name that is never translated.',
    },
    'suggest-none': {
      ok: false,
      title: 'No suggestion could be used',
      text: 'Each suggestion lost a placeholder, a link, the formatting, or a name that is never translated, so nothing changed ({cost}).',
    },
    'suggest-off': {
      ok: false,
      title: 'Suggestions need Cloudflare’s Workers AI',
      text: 'This copy of the site cannot reach Workers AI (a copy on a developer’s computer never can), so nothing was suggested and nothing changed. Everything else here works: write the translation by hand.',
    },
    'suggest-failed': {
      ok: false,
      title: 'Workers AI did not answer',
      text: 'Nothing was suggested and nothing changed; try again in a moment.',
    },
  } satisfies Record<string, AdminNotice>,
}
