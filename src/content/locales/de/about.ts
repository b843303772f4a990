import { aboutPage as en } from '../../../content/pages/about'

export const aboutPage = {
  meta: {
    title: 'Über uns — XR Stores',
    description:
      'Warum wir spielerische 3D- und XR-Onlineshops bauen: unsere Mission, unsere Vision und die Geschichte des Teams hinter XR Stores.',
  },
  heading: 'Über uns',
  lead: 'Wir machen aus Online-Katalogen Orte, durch die Menschen gern gehen, mit Freunden und begleitet von echtem Verkaufspersonal.',
  mission: {
    title: 'Unsere Mission',
    paragraphs: [
      'Unsere Mission ist es, jeder Handelsmarke einen Onlineshop zu geben, der dem echten Einkaufen so nah wie möglich kommt: einen Raum, den Kundschaft erkunden kann, Produkte, die sie von allen Seiten sieht, und Menschen, mit denen sie sprechen kann.',
      'Wir machen das bezahlbar und schnell, damit eine Marke jeder Größe einen immersiven Store eröffnen kann, ohne Studiobudget und ohne Entwicklerteam.',
    ],
  },
  vision: {
    title: 'Unsere Vision',
    paragraphs: [
      'Wir sehen ein Web, in dem Einkaufen wieder gesellig ist: Freunde treffen sich in einem Store, probieren gemeinsam an und fragen einen echten Menschen um Rat, ob am Smartphone, am Laptop oder mit VR-Brille.',
      'Flache Produktraster weichen Orten mit Atmosphäre, und Marken bleiben für das Erlebnis in Erinnerung, das sie bieten, nicht nur für ihren Preis.',
    ],
  },
  story: {
    title: 'Unsere Geschichte',
    paragraphs: [
      'Wir haben mit klassischem E-Commerce angefangen. Nach über 100 Onlineshops für Marken jeder Größe und über 500 analysierten E-Commerce-Erlebnissen stach ein Muster heraus: Die Kundschaft scrollt durch ein Raster, zögert und geht. Online fehlt ihr genau das, was einen Besuch im echten Geschäft lohnt.',
      'Also haben wir den Store selbst in 3D gebaut. Mit unserer No-Code-Plattform erstellt eine Marke in Minuten einen spielerischen virtuellen Store, und unser Studio baut Showrooms, Produktkonfiguratoren und digitale Zwillinge für alle, die einen maßgeschneiderten Raum möchten.',
      'Heute besucht die Kundschaft diese Stores im Browser oder mit VR-Brille und kauft mit echtem Verkaufspersonal an ihrer Seite ein. Mit unserer jüngsten Finanzierung vergrößern wir das Team und bringen immersiven Handel schneller zu mehr Marken.',
    ],
    founder: {
      ...en.story.founder,
      title: 'Gründer und CEO',
      profileLabel: `${en.story.founder.name} auf LinkedIn`,
    },
  },
}
