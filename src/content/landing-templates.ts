/**
 * What a new landing page starts from (/admin/pages/new): a blank page, or the campaign template
 * (hero, logos, offers, a quote, questions, the contact form), made of the home page's own copy
 * so it reads well before a word is changed. Checked by tests/unit/content.test.ts.
 */
import type { ComposedPageDraft } from '../schemas/composed-pages'
import { home } from './home'

type Template = Omit<ComposedPageDraft, 'slug'>

const head = {
  title: 'A new page',
  description: 'Say what this page offers in a sentence or two: search results and link previews show it.',
  search: 'listed',
} as const

const contact = { contact: home.contact }
/** The blank page's Headline text: what to write there. */
const introText = 'Say what this page is for in a sentence.'

export const LANDING_TEMPLATES = {
  blank: {
    ...head,
    sections: [{ intro: { title: head.title, text: introText, ctas: [] } }, contact],
  },
  campaign: {
    ...head,
    title: 'Our XR stores at your event',
    sections: [
      { hero: home.hero },
      { brandStrip: home.brandStrip },
      { benefits: { ...home.shoppers, tone: 'tint' } },
      {
        quote: {
          tone: 'plain',
          quote: 'Our shoppers stay three times longer in the 3D store than on our product pages.',
          name: 'A client’s head of e-commerce',
        },
      },
      {
        faq: {
          title: 'Questions brands ask us',
          tone: 'tint',
          items: [
            {
              question: 'How long does a store take to launch?',
              answer:
                'With the store builder, a first store is ready in about 5 minutes; a custom one in weeks.',
            },
            {
              question: 'Does it work without a headset?',
              answer:
                'Yes. Every store runs in the browser on a phone or a computer; a VR headset is optional.',
            },
          ],
        },
      },
      contact,
    ],
  },
} satisfies Record<string, Template>

export type LandingTemplate = keyof typeof LANDING_TEMPLATES

/**
 * The templates' starter text, by field key: words about what to write, never the author's. The
 * editor shows each as a placeholder in an empty field (a new page's draft holds it until the
 * author writes their own), and the publish gate refuses a page whose title or description is
 * still one of them.
 */
export const STARTER_TEXT: Record<'title' | 'description' | 'text', readonly string[]> = {
  title: [head.title, LANDING_TEMPLATES.campaign.title],
  description: [head.description],
  text: [introText],
}
