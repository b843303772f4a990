/** The "Back to home" link at the top of the About Us, article and legal pages. */
export function BackToHome() {
  return (
    <p>
      <a
        href="/"
        className="inline-flex items-center gap-2 text-sm font-medium text-slate-300 hover:text-white"
      >
        <span aria-hidden="true">←</span>
        Back to home
      </a>
    </p>
  )
}
