/**
 * A landing page's translation writes only words twice (docs/locales.md, "A landing page's German
 * edition"): the fields it offers are the page's words, its form's labels among them (the e-mail's
 * too), never a link, a picture, a hidden field's fixed value or a thank-you page; and whatever a
 * translation holds, the page it makes keeps the English page's pictures, links and form settings.
 */
import { describe, expect, it } from 'vitest'
import { LANDING_TEMPLATES } from '../../src/content/landing-templates'
import { valueAt } from '../../src/lib/edition'
import { textFields } from '../../src/lib/translation-fields'
import { pageDocumentSchema, type ComposedPageDraft } from '../../src/schemas/composed-pages'
import { pageInWords, withoutWords } from '../../src/server/studio/kinds/page-locale'

const CONTACT = LANDING_TEMPLATES.campaign.sections.findIndex((section) => 'contact' in section)
const at = `page.sections.${CONTACT}.contact`

/** The campaign template with a form of its own: a consent box and a hidden fixed value. */
const english = {
  ...LANDING_TEMPLATES.campaign,
  slug: 'nrf-2027',
  sections: LANDING_TEMPLATES.campaign.sections.map((section) =>
    'contact' in section
      ? {
          contact: {
            ...section.contact,
            thanksPage: 'nrf-2027-thanks',
            fields: [
              { label: 'Consent', need: 'required', consent: { wording: 'I agree.' } },
              {
                label: 'Event',
                need: 'optional',
                hidden: { carries: 'a fixed value', fixedValue: 'NRF 2027' },
              },
            ],
          },
        }
      : section,
  ),
} as ComposedPageDraft

const paths = () => textFields(pageDocumentSchema, { page: english }).map(([path]) => path)

describe('a landing page’s words', () => {
  it('are its text, its form’s labels and wording, and nothing that is an address or a setting', () => {
    expect(paths()).toEqual(
      expect.arrayContaining([
        'page.title',
        'page.description',
        `${at}.form.labels.email`,
        `${at}.fields.0.consent.wording`,
        `${at}.fields.1.label`,
      ]),
    )
    for (const path of paths()) expect(path).not.toMatch(/\.(href|src|fixedValue|thanksPage|slug)$/)
  })

  it('are all a translation changes: the rest stays the English page’s', () => {
    const blank = withoutWords(english)!
    for (const path of paths()) expect(valueAt({ page: blank }, path)).toBe('')
    // A translation that holds other pictures and settings too (an old draft, a hand-made row) changes only words.
    const moved = JSON.stringify({ ...blank, slug: 'elsewhere' }).replaceAll('"/media/', '"/media/evil/')
    expect(moved).not.toBe(JSON.stringify(blank))
    type Hostile = ComposedPageDraft & {
      sections: { contact?: { thanksPage?: string; fields?: { need: string }[] } }[]
    }
    const translated = JSON.parse(moved) as Hostile
    translated.title = 'Unsere XR-Stores auf der NRF 2027'
    translated.sections[CONTACT]!.contact!.thanksPage = 'evil'
    translated.sections[CONTACT]!.contact!.fields![0]!.need = 'optional'
    const page = pageInWords(english, translated)
    expect(page.title).toBe('Unsere XR-Stores auf der NRF 2027')
    expect({ ...page, title: english.title }).toEqual(english)
  })
})
