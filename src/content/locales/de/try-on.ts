import { tryOnPage as en } from '../../../content/pages/try-on'
import { wordsOver } from '../words-over'

export const tryOnPage = {
  meta: {
    title: 'AR-Anprobe — XR Stores',
    description:
      'Lassen Sie Ihre Kundschaft Halsketten, T-Shirts, Ohrringe, Schuhe und Lippenstift mit Augmented Reality an sich selbst ausprobieren, direkt aus Ihrem Store.',
  },
  heading: 'AR-Anprobe',
  lead: 'Die Kundschaft richtet die Kamera auf sich und sieht das Produkt in Echtzeit am eigenen Körper. Keine App nötig: Die Linse öffnet sich im Browser.',
  items: wordsOver(en.items, [
    {
      title: 'Halskette',
      videoLabel: 'Eine Halskette, die über die Kamera an einer Kundin erscheint und ihr beim Drehen folgt.',
      description: 'Sehen, wie ein Anhänger am Schlüsselbein sitzt, bevor man ihn kauft.',
      longDescription:
        'Die Kette sitzt am Ausschnitt und folgt jeder Kopfbewegung, mit Metall und Steinen, die das Licht fangen wie im Spiegel. Länge und Oberfläche lassen sich wechseln, ohne die Linse zu verlassen.',
      benefits: [
        'Genaue Platzierung am Ausschnitt',
        'Echte Reflexe auf Metall und Steinen',
        'Länge und Oberfläche live wechseln',
        'Weniger Retouren bei feinem Schmuck',
      ],
    },
    {
      title: 'T-Shirt',
      videoLabel: 'Ein bedrucktes T-Shirt, das sich beim Bewegen über die Kleidung einer Kundin legt.',
      description: 'Einen Print anziehen und Farbe, Passform und Größe am Körper prüfen.',
      longDescription:
        'Das Kleidungsstück legt sich über den Körper und bewegt sich mit Schultern und Armen. Farben und Prints wechseln mit einem Tippen, so lässt sich eine ganze Kollektion in unter einer Minute anprobieren.',
      benefits: [
        'Das Kleidungsstück folgt jeder Bewegung',
        'Alle Farben in einer Sitzung',
        'Hilft bei der Wahl der richtigen Größe',
        'Teilbare Schnappschüsse für soziale Medien',
      ],
    },
    {
      title: 'Ohrringe',
      videoLabel: 'Ohrringe an beiden Ohren einer Kundin, die den Kopf dreht.',
      description: 'Stecker und Hänger an beiden Ohren probieren und nebeneinander vergleichen.',
      longDescription:
        'Das Ohr-Tracking hält jeden Ohrring von vorn und im Profil an seinem Platz, auch wenn sich die Haare bewegen. Hänger schwingen natürlich, so lassen sich Länge und Gewicht vor der Bestellung beurteilen.',
      benefits: [
        'Erfasst beide Ohren im Profil',
        'Natürliches Schwingen bei Hängern',
        'Stile nebeneinander vergleichen',
        'Mehr Sicherheit beim Geschenkkauf',
      ],
    },
    {
      title: 'Schuhe',
      videoLabel: 'Sneaker an den Füßen eines Kunden, der ein paar Schritte geht.',
      description: 'Die Kamera auf die Füße richten und in einem neuen Paar laufen.',
      longDescription:
        'Das Fuß-Tracking passt den Schuh an die eigenen Füße an und hält ihn dort beim Gehen, so sieht man das Paar von oben, von der Seite und in Bewegung, mit dem eigenen Outfit.',
      benefits: [
        'Passt den Schuh an die eigenen Füße an',
        'Bleibt beim Gehen an seinem Platz',
        'Das Paar mit dem eigenen Outfit sehen',
        'Jede Farbe in Sekunden probieren',
      ],
    },
    {
      title: 'Lippenstift',
      videoLabel: 'Lippenstift-Farbtöne, die nacheinander auf die Lippen einer Kundin aufgetragen werden.',
      description: 'Jeden Farbton auf den eigenen Lippen testen, im eigenen Licht.',
      longDescription:
        'Das Lippen-Tracking trägt den Farbton präzise auf, mit dem richtigen Finish, matt, seidig oder glänzend, und passt sich dem Licht im Raum an. So findet die Kundschaft ihren Farbton ohne Tester.',
      benefits: [
        'Präzises Lippen-Tracking',
        'Matt, seidig und glänzend',
        'Passt sich dem Licht im Raum an',
        'Hygienisch, ganz ohne Tester',
      ],
    },
  ]),
  benefitsHeading: 'Warum Marken AR-Anprobe einsetzen',
  benefits: wordsOver(en.benefits, [
    {
      title: 'Sichere Käufe',
      description: 'Die Kundschaft sieht das Produkt am eigenen Körper und weiß beim Kauf, wie es aussieht.',
    },
    {
      title: 'Weniger Retouren',
      description: 'Wenn Größe, Farbe und Stil vor der Kasse geprüft sind, kommen weniger Pakete zurück.',
    },
    {
      title: 'Längere Besuche',
      description: 'Anprobieren macht Spaß: Die Kundschaft bleibt, entdeckt mehr Produkte und kommt wieder.',
    },
    {
      title: 'Keine App nötig',
      description: 'Die Linse öffnet sich im mobilen Browser über einen Link oder einen QR-Code.',
    },
    {
      title: 'Von Natur aus sozial',
      description: 'Schnappschüsse und kurze Clips sind leicht zu teilen und bringen Freunde in den Store.',
    },
    {
      title: 'Passt zu Ihrem Katalog',
      description: 'Wir bauen Linsen aus Ihren vorhandenen Produktfotos und 3D-Dateien.',
    },
  ]),
}
