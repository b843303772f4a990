import { footer as en } from '../../footer'
import { wordsOver } from '../words-over'

const titles = (...list: string[]) => list.map((title) => ({ title }))

/** Die Fußzeile; die Rechtstexte bleiben englisch (docs/locales.md). */
export const footer = {
  ...en,
  blurb:
    'Wir bauen spielerische 3D- und XR-Onlineshops für Handelsmarken: Die Kundschaft geht durch die Gänge, kauft mit Freunden ein und spricht mit echtem Verkaufspersonal, im Browser oder mit VR-Brille.',
  quickLinks: {
    title: 'Schnellzugriff',
    links: wordsOver(en.quickLinks.links, titles('Über uns', 'Kontakt', 'Partner werden', 'Karriere')),
  },
  products: {
    title: 'Produkte',
    links: wordsOver(
      en.products.links,
      titles(
        'Store-Builder',
        'Virtuelle Showrooms',
        'Produktkonfigurator',
        'Digitale Zwillinge',
        'Shopify-Entwicklung',
        '3D-Produkterstellung',
      ),
    ),
  },
  features: {
    title: 'Funktionen',
    links: wordsOver(
      en.features.links,
      titles(
        '3D-Viewer',
        'AR-Anprobe',
        'Kontext-Viewer',
        'In VR ansehen',
        'Spiele',
        'Mehrspieler',
        'Video-Flächen',
        'Einfache Suche',
        'KI-Chatbot',
      ),
    ),
  },
  industries: {
    title: 'Branchen',
    links: wordsOver(
      en.industries.links,
      titles(
        'Mode',
        'Lifestyle',
        'Beauty und Körperpflege',
        'Elektronik',
        'Wohnen',
        'Lebensmittel und Getränke',
        'Immobilien',
        'Industrieanlagen',
      ),
    ),
  },
  legal: wordsOver(
    en.legal,
    titles(
      'Allgemeine Geschäftsbedingungen (englisch)',
      'Datenschutzerklärung (englisch)',
      'Stornierung und Erstattung (englisch)',
      'Erstattungsrichtlinie (englisch)',
      'Versandrichtlinie (englisch)',
    ),
  ),
  rights: 'Alle Rechte vorbehalten.',
  contactTitle: 'Kontakt',
  socialTitle: 'Folgen Sie uns',
}
