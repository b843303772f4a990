/** The "Back to home" link at the top of the About Us, /try, article and legal pages. */
export function BackToHome() {
  return (
    <p className="back-home">
      <a href="/" className="back-link">
        <span aria-hidden="true">←</span>
        Back to home
      </a>
    </p>
  )
}
