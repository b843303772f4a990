import { Island } from '../Island'
import { useRenderState } from '../RenderContext'

/**
 * Home section 14: the Schedule call form. The outcome of a no-JavaScript post (read from its
 * one-shot cookie by the server) goes to the island as a prop.
 */
export function ContactSection() {
  const { contactFlash } = useRenderState()
  return (
    <section
      id="sec-contact"
      aria-labelledby="sec-contact-title"
      className="scroll-mt-24 px-4 py-16 sm:py-24"
    >
      <div className="mx-auto grid max-w-5xl gap-10 md:grid-cols-2 md:items-start">
        <div className="grid gap-4">
          <h2 id="sec-contact-title" className="text-3xl font-bold sm:text-4xl">
            Schedule call
          </h2>
          <p className="text-lg opacity-80">
            Tell us about your brand and what you would like to build, and we will get back to you to arrange
            a call.
          </p>
        </div>
        <Island name="ContactForm" props={contactFlash ? { flash: contactFlash } : {}} hydrate="visible" />
      </div>
    </section>
  )
}
