import type { LocaleNotFoundCopy } from '../../../schemas/pages'

/** Die Seite „nicht gefunden“ (404) unter /de/…: eine Adresse, die es auf Deutsch nicht gibt. */
export const notFound = {
  meta: {
    title: 'Seite nicht gefunden — XR Stores',
    description: 'Die gesuchte Seite gibt es nicht oder sie ist umgezogen. Zurück zur Startseite.',
  },
  heading: 'Diese Seite gibt es nicht',
  message: 'Die gesuchte Seite gibt es nicht oder sie ist umgezogen.',
  homeLabel: 'Zur Startseite',
} satisfies LocaleNotFoundCopy
