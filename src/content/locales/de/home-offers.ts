import { offers as en } from '../../home/offers'
import { wordsOver } from '../words-over'

/** Was Kundschaft und Marken bekommen, der Store-Builder und die Commerce-Suite (Abschnitte 3 bis 6). */
export const offers = {
  shoppers: {
    title: 'Die Kundschaft bekommt …',
    intro: 'Einen Store-Besuch, der sich echt anfühlt, von überall.',
    items: wordsOver(en.shoppers.items, [
      {
        title: 'Immersives Einkaufen',
        description:
          'Durch die Gänge eines spielerischen 3D-Stores gehen und Produkte entdecken wie vor Ort.',
      },
      {
        title: 'Mit Freunden einkaufen',
        description:
          'Freunde in denselben Store einladen, gemeinsam stöbern und gemeinsam entscheiden, wo immer sie sind.',
      },
      {
        title: 'Gespräche mit KI-Verkaufspersonal',
        description:
          'Einen KI-Verkaufsassistenten nach Größen, Materialien und Angeboten fragen und sofort Antworten bekommen.',
      },
      {
        title: 'Der ganze Look in 3D/AR',
        description:
          'Produkte in 3D drehen oder sie vor dem Kauf mit AR im eigenen Zimmer und am eigenen Körper sehen.',
      },
    ]),
  },
  brandsGet: {
    title: 'Die Marken bekommen …',
    intro: 'Zahlen, auf die es im Onlinehandel ankommt.',
    stats: wordsOver(en.brandsGet.stats, [
      {
        value: '74 %',
        title: 'mehr Conversions',
        description: 'Wer Produkte in einem immersiven Store erkundet, kauft eher.',
      },
      {
        title: 'längere Verweildauer',
        description:
          '9 Minuten in einem immersiven Store gegenüber 3 Minuten auf einer gewöhnlichen Produktseite.',
      },
      {
        value: '40 %',
        title: 'weniger Retouren',
        description: 'Produkte in 3D und AR wecken vor dem Kauf die richtigen Erwartungen.',
      },
      {
        value: '61 %',
        title: 'mehr Vertrauen ins Produkt',
        description: 'Wer ein Produkt von allen Seiten sieht, ist sich beim Kauf sicherer.',
      },
    ]),
    claim: {
      value: '90 %',
      text: 'der Befragten kaufen lieber in einem Store ein, den sie erkunden können, als durch einen flachen Katalog zu scrollen.',
    },
  },
  storeBuilder: {
    ...en.storeBuilder,
    eyebrow: '3D-Store-Builder ohne Code',
    title: 'Bauen Sie Ihren eigenen 3D-Store in etwa 5 Minuten',
    text: 'Store-Design wählen, Produkte hinzufügen, veröffentlichen. Der Store-Builder braucht keinen Code und ist kostenlos zum Ausprobieren.',
    points: ['Kostenlos ausprobieren', 'In etwa 5 Minuten eingerichtet', 'Kein Code nötig'],
    image: {
      ...en.storeBuilder.image,
      alt: 'Das Dashboard des Store-Builders mit einer 3D-Vorschau des Stores und einer Produktliste',
    },
    ctas: wordsOver(en.storeBuilder.ctas, [
      { label: 'Jetzt ausprobieren!', context: ': Store-Builder' },
      { label: 'Tutorial ansehen' },
    ]),
  },
  suite: {
    title: 'Interaktive Commerce-Suite',
    intro: 'Drei Wege, aus einer Produktseite ein Erlebnis zu machen.',
    showcases: wordsOver(en.suite.showcases, [
      {
        title: 'Produktkonfigurator',
        description:
          'Kundschaft ändert Farben, Materialien und Teile eines Produkts und sieht jede Kombination in Echtzeit-3D.',
        image: { ...en.suite.showcases[0]!.image, alt: 'Ein Sneaker in 3D mit Farbmustern daneben' },
        cta: { ...en.suite.showcases[0]!.cta, label: 'Demo ansehen', context: ': Produktkonfigurator' },
      },
      {
        title: 'Digitaler Zwilling',
        description:
          'Eine getreue Kopie Ihres echten Geschäfts aus 360-Grad-Aufnahmen, durch die Kundschaft online gehen und einkaufen kann.',
        image: {
          ...en.suite.showcases[1]!.image,
          alt: 'Eine 360-Grad-Ansicht einer echten Boutique, zu einem 3D-Store gemacht',
        },
        cta: { ...en.suite.showcases[1]!.cta, label: 'Demo ansehen', context: ': Digitaler Zwilling' },
      },
      {
        title: 'Virtuelle Mall',
        description:
          'Virtuelle Showrooms, in denen sich mehrere Marken eine Mall teilen, jede mit eigener Ladenfront und eigenen Produkten.',
        image: {
          ...en.suite.showcases[2]!.image,
          alt: 'Eine virtuelle Mall mit mehreren Ladenfronten von Marken entlang einer Promenade',
        },
        cta: { ...en.suite.showcases[2]!.cta, label: 'Demo ansehen', context: ': Virtuelle Mall' },
      },
    ]),
  },
}
