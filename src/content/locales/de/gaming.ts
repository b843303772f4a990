import { gamingPage as en } from '../../../content/pages/gaming'
import { wordsOver } from '../words-over'

export const gamingPage = {
  meta: {
    title: 'Spielerisches Erlebnis — XR Stores',
    description:
      'Quiz- und Memory-Spiele in Ihrem 3D-Store: Die Kundschaft spielt, lernt Ihre Produkte kennen und gewinnt Belohnungen, die sie wiederkommen lassen.',
  },
  heading: 'Spielerisches Erlebnis',
  lead: 'Spiele machen aus einem Besuch einen Grund zu bleiben. Die Kundschaft spielt in Ihrem Store, entdeckt dabei Ihre Produkte und geht mit einer Belohnung.',
  games: wordsOver(en.games, [
    {
      title: 'Quizspiel',
      videoLabel:
        'Ein Quiz über die Produkte einer Marke, bei dem ein Spieler Antworten wählt und Punkte sammelt.',
      description: 'Ein kurzes Quiz über Ihre Marke und Ihre Produkte, gespielt im Store.',
      longDescription:
        'Jede Frage stellt ein Produkt, ein Material oder eine Geschichte Ihrer Marke vor. Die Spieler kämpfen gegen die Uhr, sehen am Ende ihre Punkte und schalten bei einem guten Ergebnis einen Rabatt frei.',
      benefits: [
        'Bringt der Kundschaft Ihre Produkte näher',
        'Belohnt richtige Antworten mit Rabatten',
        'Sammelt Präferenzen, die Kunden selbst angeben',
        'Fragen lassen sich je Kampagne leicht ändern',
      ],
    },
    {
      title: 'Memory-Challenge',
      videoLabel: 'Ein Memory-Spiel, bei dem ein Spieler Karten mit Produkten aufdeckt und Paare findet.',
      description: 'Karten umdrehen und Paare Ihrer Produkte gegen die Uhr finden.',
      longDescription:
        'Die Karten zeigen Ihre Produkte, also schaut die Kundschaft bei jedem Paar zweimal hin. Eine Bestenliste und ein Zeitlimit sorgen für Wettbewerb, und Freunde können sich gegenseitig herausfordern.',
      benefits: [
        'Zeigt jedem Spieler Ihre Produkte',
        'Bestenlisten bringen Spieler zurück',
        'Freunde fordern sich gegenseitig heraus',
        'Spielbar auf Smartphones, Laptops und VR-Brillen',
      ],
    },
  ]),
}
