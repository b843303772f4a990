import { CONTACT_SECTION_ID } from '../../schemas/anchors'
import type { ContactFormCopy } from '../../schemas/copy'
import { Island } from '../Island'
import { useRenderState } from '../RenderContext'

interface ContactSectionProps {
  title: string
  intro: string
  form: ContactFormCopy
}

const HEADING_ID = `${CONTACT_SECTION_ID}-title`

/**
 * 14. The Schedule call form. The outcome of a no-JavaScript post (read from its one-shot cookie
 * by the server), this response's form token and Turnstile's site key (when it is on) go to the
 * island as props.
 */
export function ContactSection({ title, intro, form }: ContactSectionProps) {
  const { contactFlash, formToken, turnstileSiteKey } = useRenderState()
  return (
    <section id={CONTACT_SECTION_ID} aria-labelledby={HEADING_ID} className="section">
      <div className="container contact-layout">
        <div className="section-heading">
          <h2 id={HEADING_ID}>{title}</h2>
          <p className="section-intro">{intro}</p>
        </div>
        <Island
          name="ContactForm"
          props={{ copy: form, flash: contactFlash, formToken, turnstileSiteKey }}
          hydrate="visible"
        />
      </div>
    </section>
  )
}
