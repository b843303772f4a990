import { Island } from '../Island'

/** Home section 14: the Schedule call form. Placeholder until the contact pipeline lands. */
export function ContactSection() {
  return (
    <section id="sec-contact" aria-labelledby="sec-contact-title">
      <h2 id="sec-contact-title">Schedule call</h2>
      <Island name="ContactForm" props={{}} hydrate="visible" />
    </section>
  )
}
