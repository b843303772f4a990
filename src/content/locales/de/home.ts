import { home as en } from '../../home'
import { homeLayout } from '../../home/layout'
import { wordsOver } from '../words-over'
import { offers } from './home-offers'
import { showcase } from './home-showcase'

/** Die Startseite auf Deutsch: Worte über den Bildern, Videos und Links der englischen. */
export const home = {
  layout: homeLayout,
  meta: {
    title: 'XR Stores — spielerische 3D- und XR-Onlineshops für Marken',
    description:
      'Immersive 3D-Stores, virtuelle Showrooms, Produktkonfiguratoren, digitale Zwillinge, AR-Anprobe und spielerisches Einkaufen für Online-Händler. Bauen Sie Ihren eigenen 3D-Store ohne Code in etwa 5 Minuten.',
  },
  hero: {
    ...en.hero,
    eyebrow: 'Spielerische 3D-Stores für Online-Marken',
    title: 'So nah am echten Einkaufserlebnis, wie es online geht',
    text: 'Ihre Kundschaft geht durch Ihren virtuellen 3D-Store, kauft mit Freunden ein und spricht mit echtem Verkaufspersonal, im Browser oder mit einer VR-Brille.',
    ctas: wordsOver(en.hero.ctas, [
      { label: 'Jetzt ausprobieren!', context: ': Demo-Store' },
      { label: 'Video ansehen' },
    ]),
  },
  brandStrip: { title: 'Marken, die mit uns verkaufen' },
  ...offers,
  ...showcase,
  blog: {
    ...en.blog,
    title: 'Aus unserem Blog',
    intro: 'Ideen und Forschung zum immersiven Handel.',
    cards: wordsOver(en.blog.cards, [
      {
        description:
          'Was ein XR-Store ist, wie er funktioniert und warum Marken ihren Onlineshop um einen erweitern.',
      },
      {
        description:
          'Wie Marken mit 3D-Räumen und interaktiven Geschichten aus dem Stöbern einen Besuch machen, an den man sich erinnert.',
      },
      {
        description:
          'Was die nächste Generation von Onlineshops erwartet, vom gemeinsamen Einkaufen bis zu Spielen.',
      },
    ]),
    contact: { ...en.blog.contact, label: 'Kontakt aufnehmen' },
  },
  funding: {
    ...en.funding,
    eyebrow: 'Neuigkeiten zur Finanzierung',
    title: 'Wir haben eine Finanzierung erhalten, um immersive Stores zu jeder Marke zu bringen',
    text: 'Gehören Sie zu den ersten Marken auf unserer neuen Plattform, mit unserem Team an Ihrer Seite.',
    cta: { ...en.funding.cta, label: 'Sprechen Sie mit uns' },
  },
  services: {
    ...en.services,
    title: 'Weitere Leistungen',
    intro: 'Noch mehr Wege, wie wir Ihnen beim Online-Verkauf helfen.',
    cards: wordsOver(en.services.cards, [
      {
        title: 'Shopify-Store-Entwicklung',
        description:
          'Individuelle Shopify-Themes, Apps und Integrationen, mit Ihrem 3D-Store an Katalog und Kasse angebunden.',
        cta: {
          ...en.services.cards[0]!.cta,
          label: 'Mehr erfahren',
          context: ' über Shopify-Store-Entwicklung',
        },
      },
      {
        title: '3D-Produkterstellung',
        description: 'Fotorealistische, webtaugliche 3D-Modelle Ihrer Produkte, aus Fotos oder CAD-Dateien.',
        cta: { ...en.services.cards[1]!.cta, label: 'Mehr erfahren', context: ' über 3D-Produkterstellung' },
      },
      {
        title: 'Amazon-Services',
        description:
          'Produktseiten, A+-Inhalte und Storefront-Design, mit denen Ihre Produkte auf Amazon auffallen.',
        cta: { ...en.services.cards[2]!.cta, label: 'Mehr erfahren', context: ' über Amazon-Services' },
      },
    ]),
  },
  contact: {
    title: 'Gespräch vereinbaren',
    intro:
      'Erzählen Sie uns von Ihrer Marke und was Sie bauen möchten, und wir melden uns, um ein Gespräch zu vereinbaren.',
    form: {
      labels: { name: 'Name', email: 'E-Mail', phone: 'Telefon', inquiry: 'Anfrage' },
      honeypotLabel: 'Dieses Feld bitte leer lassen',
      submit: { idle: 'Senden', busy: 'Wird gesendet …' },
      invalidNotice: 'Bitte korrigieren Sie die unten markierten Felder.',
    },
  },
}
