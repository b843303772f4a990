import type { LocalePostWords } from '../../../schemas/copy'
import { CONTACT_SECTION_ID } from '../../../schemas/anchors'

/** Die Worte um einen Beitrag auf Deutsch, und wie /de/blog einen Beitrag ohne deutsche Fassung markiert. */
export const posts = {
  frame: {
    kicker: 'Blog',
    readingTime: '{minutes} Min. Lesezeit',
    aside: {
      label: 'Sprechen Sie mit uns',
      title: 'Ein immersiver Store für Ihre Marke?',
      cta: { label: 'Kontakt aufnehmen', target: { section: CONTACT_SECTION_ID } },
    },
  },
  inDefault: 'Auf Englisch',
} satisfies LocalePostWords
