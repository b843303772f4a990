/** Placeholder, replaced by the testimonial slider. */
export default function Testimonials() {
  return <div />
}
