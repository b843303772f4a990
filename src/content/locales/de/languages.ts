import type { UiCopy } from '../../../schemas/copy'

/** Der Sprachumschalter und das Banner, das eine Seite auf Deutsch anbietet (geladen mit jeder Seite). */
export const languages = {
  label: 'Sprache',
  offer: 'Diese Seite gibt es auch auf Deutsch.',
  action: 'Auf Deutsch lesen',
  close: 'Schließen',
} satisfies UiCopy['languages']
