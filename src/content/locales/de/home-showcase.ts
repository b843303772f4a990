import { showcase as en } from '../../home/showcase'
import { wordsOver } from '../words-over'

/** Die XR-Kacheln, das Store-Karussell, Immobilien und warum wir (Abschnitte 7 bis 10). */
export const showcase = {
  xr: {
    title: 'XR-Funktionen für jeden Store',
    intro: 'Kombinieren Sie die Erlebnisse, die Ihre Kundschaft lieben wird.',
    tiles: wordsOver(en.xr.tiles, [
      {
        title: 'In 3D ansehen',
        description: 'Jedes Produkt in einem Echtzeit-3D-Viewer drehen, zoomen und prüfen.',
      },
      {
        title: 'AR-Anprobe',
        description: 'Schmuck, Kleidung, Schuhe und Make-up mit der Kamera an sich selbst ausprobieren.',
      },
      {
        title: 'Spielerisches Erlebnis',
        description: 'Quiz- und Memory-Spiele, die Kundschaft beim Stöbern belohnen.',
      },
      {
        title: 'Im echten Leben ansehen',
        description: 'Produkte mit AR in Originalgröße im eigenen Zimmer platzieren.',
      },
      { title: 'In VR ansehen', description: 'Mit einer VR-Brille in den Store treten und alles erleben.' },
      {
        title: 'Mehrspieler',
        description: 'Gemeinsam mit Freunden einkaufen und im Store mit dem Verkaufspersonal sprechen.',
      },
      { title: 'Video-Flächen', description: 'Produktvideos auf Bildschirmen im 3D-Store abspielen.' },
      { title: 'Einfache Suche', description: 'Jedes Produkt im Store sofort finden und direkt hingehen.' },
      {
        title: 'KI-Chatbot',
        description: 'Ein KI-Verkaufsassistent, der Fragen beantwortet und Produkte empfiehlt.',
      },
    ]),
  },
  stores: {
    ...en.stores,
    title: 'Entdecken Sie unsere Stores',
    intro:
      'Betreten Sie Stores, die wir für unsere Kunden gebaut haben. Jeder öffnet sich in einem neuen Tab.',
    label: 'Demo-Stores',
    position: '{title}, {current} von {total}',
  },
  realEstate: {
    ...en.realEstate,
    eyebrow: 'Immobilien',
    title: 'Durch ein Haus gehen, bevor es gebaut ist',
    text: 'Geben Sie Käufern einen geführten 3D-Rundgang durch Ihre Villen und Wohnungen, Raum für Raum, in jedem Browser oder mit VR-Brille.',
    points: [
      'Möblierte Innenräume in Originalgröße',
      'Licht bei Tag und bei Nacht',
      'Ein Link für alle Käufer',
    ],
    image: { ...en.realEstate.image, alt: 'Ein möbliertes Villen-Wohnzimmer in einem 3D-Rundgang' },
    ctas: wordsOver(en.realEstate.ctas, [{ label: 'Jetzt ausprobieren!', context: ': Villen-Rundgang' }]),
  },
  why: {
    ...en.why,
    title: 'Warum wir?',
    intro: 'Sechs Gründe, warum Marken ihre immersiven Stores mit uns bauen.',
    points: wordsOver(en.why.points, [
      {
        title: 'Günstige Entwicklung',
        description: 'Wiederverwendbare Store-Vorlagen und Assets halten Ihr Budget niedrig.',
      },
      {
        title: 'Sehr schnell am Markt',
        description: 'Ein individueller Store in Wochen, oder Ihr eigener in Minuten mit dem Store-Builder.',
      },
      {
        title: 'Hervorragender Service',
        description: 'Ein festes Team begleitet Sie vom ersten Entwurf bis zum Start und darüber hinaus.',
      },
      {
        title: 'Beeindruckende Kreativität',
        description: 'Unsere Designer und Spieleentwickler machen jeden Store unvergesslich.',
      },
      {
        title: 'Läuft auf allen Geräten',
        description:
          'Im Browser auf Smartphones, Tablets, Laptops und VR-Brillen, ohne eine App zu installieren.',
      },
      {
        title: 'Hohe Darstellungsqualität',
        description: 'Lebensechtes Licht und Materialien zeigen Ihre Produkte von ihrer besten Seite.',
      },
    ]),
    testimonialsTitle: 'Was unsere Kunden sagen',
    allReviews: 'Alle Bewertungen',
    currentReview: 'Aktuelle Bewertung',
    counter: '({current}/{total}) Bewertungen',
    testimonials: wordsOver(en.why.testimonials, [
      {
        text: 'Unser virtueller Store wurde innerhalb von drei Monaten zu unserem stärksten Kanal. Die Kundschaft bleibt länger und kommt mit Freunden wieder.',
        position: 'Leiterin E-Commerce, Vero Italy',
      },
      {
        text: 'Der Produktkonfigurator hat unsere Retouren gesenkt. Die Kunden wissen genau, was sie bekommen, bevor sie bestellen.',
        position: 'Gründer, Digitron',
      },
      {
        text: 'Wir haben unseren ersten 3D-Store an einem Nachmittag mit dem Store-Builder gestartet, ohne eine Zeile Code zu schreiben.',
        position: 'Marketingleiterin, Deyga',
      },
      {
        text: 'Das Team hat unsere Marke vom ersten Tag an verstanden. Der Store sieht auf jedem Gerät großartig aus, VR-Brillen eingeschlossen.',
        position: 'Creative Director, Zelviano',
      },
    ]),
  },
}
