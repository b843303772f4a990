/** Placeholder, replaced by the Schedule call form. */
export default function ContactForm() {
  return <form method="post" action="/api/contact" />
}
