import { DEFAULT_LOCALE } from '../../lib/locales'
import { CONTACT_SECTION_ID } from '../../schemas/anchors'
import type { CampaignField } from '../../schemas/campaign-form'
import { fieldKey, hiddenValue } from '../../schemas/campaign-form-fields'
import type { ContactFormCopy } from '../../schemas/copy'
import { Island } from '../Island'
import { useRenderState } from '../RenderContext'

interface ContactSectionProps {
  title: string
  intro: string
  form: ContactFormCopy
  /** A campaign's own fields (issue 63); none, or no page, is the spec's form. */
  fields?: readonly CampaignField[]
  /** What a visitor of a campaign's form reads once it is sent. */
  success?: string
  /** Where a post lands once sent: the server answers the post, so the page needs nothing of it. */
  thanksPage?: string
  /** The landing page's address without the slash, when the section is on one. */
  page?: string
}

const HEADING_ID = `${CONTACT_SECTION_ID}-title`

/**
 * 14. The Schedule call form. The outcome of a no-JavaScript post (read from its one-shot cookie
 * by the server), this response's form token and Turnstile's site key (when it is on) go to the
 * island as props. On a landing page with a campaign's form, so do its fields, the page they post
 * for, and each hidden field's value as the server fills it in (the page, a fixed value, or a
 * campaign parameter of this visit's address). On a page in another locale than the default's,
 * the locale it posts and the form's words in it (docs/locales.md).
 */
export function ContactSection({ title, intro, form, fields, success, page }: ContactSectionProps) {
  const { contactFlash, formToken, turnstileSiteKey, visitCampaign = {}, locale, chrome } = useRenderState()
  const campaign =
    fields?.length && page
      ? {
          page,
          fields,
          ...(success ? { success } : {}),
          hidden: Object.fromEntries(
            fields
              .filter((field) => 'hidden' in field)
              .map((field) => [fieldKey(field.label), hiddenValue(field, `/${page}`, visitCampaign, locale)]),
          ),
        }
      : undefined
  return (
    <section id={CONTACT_SECTION_ID} aria-labelledby={HEADING_ID} className="section">
      <div className="container contact-layout">
        <div className="section-heading">
          <h2 id={HEADING_ID}>{title}</h2>
          <p className="section-intro">{intro}</p>
        </div>
        <Island
          name="ContactForm"
          props={{
            copy: form,
            flash: contactFlash,
            formToken,
            turnstileSiteKey,
            ...(campaign ? { campaign } : {}),
            // Another locale than the default's: the form posts it, and says its words (none: the spec's).
            ...(locale === DEFAULT_LOCALE
              ? {}
              : { locale, ...(chrome.contact ? { words: chrome.contact } : {}) }),
          }}
          hydrate="visible"
        />
      </div>
    </section>
  )
}
