import { CONTACT_SECTION_ID } from '../../schemas/anchors'
import { Island } from '../Island'
import { useRenderState } from '../RenderContext'

/**
 * Home section 14: the Schedule call form. The outcome of a no-JavaScript post (read from its
 * one-shot cookie by the server) goes to the island as a prop.
 */
export function ContactSection() {
  const { contactFlash } = useRenderState()
  return (
    <section id={CONTACT_SECTION_ID} aria-labelledby={`${CONTACT_SECTION_ID}-title`} className="section">
      <div className="container contact-layout">
        <div className="section-heading">
          <h2 id={`${CONTACT_SECTION_ID}-title`}>Schedule call</h2>
          <p className="section-intro">
            Tell us about your brand and what you would like to build, and we will get back to you to arrange
            a call.
          </p>
        </div>
        <Island name="ContactForm" props={contactFlash ? { flash: contactFlash } : {}} hydrate="visible" />
      </div>
    </section>
  )
}
