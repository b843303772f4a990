/** The "Back to home" link at the top of the About Us, /try, article and legal pages. */
export function BackToHome({ label }: { label: string }) {
  return (
    <p className="back-home">
      <a href="/" className="back-link">
        <span aria-hidden="true">←</span>
        {label}
      </a>
    </p>
  )
}
