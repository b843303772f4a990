import { useRenderState } from '../RenderContext'

/** The "Back to home" link (to the page's locale's home) at the top of the About Us, /try, article and legal pages. */
export function BackToHome({ label }: { label: string }) {
  const { localHref } = useRenderState()
  return (
    <p className="back-home">
      <a href={localHref('/')} className="back-link">
        <span aria-hidden="true">←</span>
        {label}
      </a>
    </p>
  )
}
