import { tryPage as en } from '../../../content/pages/try'
import { wordsOver } from '../words-over'

/** /de/try: wohin Schaltflächen ohne eigene externe Adresse führen. */
export const tryPage = {
  meta: {
    title: 'In Ihrem Store ausprobieren — XR Stores',
    description:
      'Dieses Erlebnis zeigen wir auf Anfrage. Erzählen Sie uns von Ihrer Marke, und wir richten eine Live-Demo mit Ihren eigenen Produkten ein.',
  },
  heading: 'Live erleben, mit Ihren eigenen Produkten',
  lead: 'Dieses Erlebnis ist noch nicht öffentlich: Wir zeigen es in einer geführten Demo mit Produkten aus Ihrem Katalog, damit Sie genau sehen, was Ihre Kundschaft sehen würde.',
  stepsHeading: 'So läuft die Demo ab',
  steps: wordsOver(en.steps, [
    {
      title: 'Erzählen Sie uns von Ihrer Marke',
      description: 'Nennen Sie uns Ihre Shop-Adresse und die Produkte, die Sie in 3D oder XR sehen möchten.',
    },
    {
      title: 'Wir bereiten Ihre Demo vor',
      description:
        'Unser Team baut eine kurze Demo mit einigen Ihrer Produkte, meist innerhalb weniger Tage.',
    },
    {
      title: 'Gemeinsam durchgehen',
      description:
        'In einem Gespräch öffnen wir die Demo im Browser oder mit VR-Brille und beantworten Ihre Fragen live.',
    },
  ]),
  cta: {
    ...en.cta,
    text: 'Bereit? Vereinbaren Sie ein Gespräch, und wir melden uns.',
    label: 'Gespräch vereinbaren',
  },
  relatedHeading: 'Jetzt schon zum Ausprobieren',
  related: wordsOver(en.related, [
    {
      label: 'AR-Anprobe',
      description: 'Die Anprobe-Linsen für Schmuck, Kleidung, Schuhe und Make-up öffnen.',
    },
    {
      label: 'Spielerisches Erlebnis',
      description: 'Die Quiz- und Memory-Spiele spielen, die Kunden in unseren Stores finden.',
    },
  ]),
}
