import type { Nav, Site } from '../../../schemas/content'
import type { UiCopy } from '../../../schemas/copy'
import { nav as enNav } from '../../nav'
import { site as enSite } from '../../site'
import { wordsOver } from '../words-over'
import { languages } from './languages'

/** Die Worte jeder Seite: Kopfzeile, Schieberegler, Anprobe- und Spiele-Einträge, die Sprachen. */
export const ui = {
  skipLink: 'Zum Inhalt springen',
  menu: { toggle: 'Menü', mainLabel: 'Hauptmenü', mobileLabel: 'Mobiles Menü' },
  buttons: { pauseAnimations: 'Animationen anhalten', chat: 'Schreiben Sie uns auf WhatsApp' },
  backToHome: 'Zur Startseite',
  slider: { previous: 'Zurück', next: 'Weiter' },
  showcase: { benefits: 'Vorteile', action: 'Jetzt ausprobieren' },
  languages,
  newTab: 'öffnet in einem neuen Tab',
} satisfies UiCopy

/** Die Navigation der Kopfzeile; ihre Ziele sind die englischen (die Seite gibt sie in ihrer Sprache aus). */
export const nav = {
  ...enNav,
  home: { ...enNav.home, title: 'Start' },
  ecommerce: {
    title: 'E-Commerce',
    items: wordsOver(enNav.ecommerce.items, [
      { title: 'Store-Builder' },
      { title: 'Virtuelle Showrooms' },
      { title: 'Produktkonfigurator' },
      { title: 'Digitale Zwillinge' },
      { title: 'Shopify-Entwicklung' },
      { title: '3D-Produkterstellung' },
    ]),
  },
  features: {
    title: 'Funktionen',
    items: wordsOver(enNav.features.items, [
      { title: 'In 3D ansehen' },
      { title: 'AR-Anprobe' },
      { title: 'Spielerisches Erlebnis' },
    ]),
  },
  realEstate: { ...enNav.realEstate, title: 'Immobilien' },
  about: { ...enNav.about, title: 'Über uns' },
  login: { ...enNav.login, title: 'Anmelden' },
  contact: { ...enNav.contact, title: 'Kontakt' },
} satisfies Nav

/** Wer wir sind und wie man uns erreicht; Namen und Adressen wie im Englischen. */
export const site = {
  ...enSite,
  description:
    'Spielerische virtuelle 3D- und XR-Stores für Online-Händler, und eine No-Code-Plattform, mit der Sie Ihren eigenen in etwa 5 Minuten bauen.',
  emails: wordsOver(enSite.emails, [
    { label: 'Allgemeine Anfragen' },
    { label: 'Vertrieb und Partnerschaften' },
  ]),
  phones: wordsOver(enSite.phones, [{ label: 'Indien' }, { label: 'International' }]),
  offices: wordsOver(enSite.offices, [
    {
      name: 'Bengaluru (Hauptsitz)',
      lines: ['4th Floor, Example Tech Park', 'Outer Ring Road, Bellandur', 'Bengaluru 560103, Indien'],
    },
    {
      name: 'London',
      lines: ['Example House, 1 Sample Street', 'London EC1A 1AA', 'Vereinigtes Königreich'],
    },
  ]),
} satisfies Site
