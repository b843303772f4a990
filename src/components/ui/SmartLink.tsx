import type { ReactNode } from 'react'
import { newTabNote, resolveTarget, type LinkTarget } from '../../lib/links'
import type { Cta } from '../../schemas/content'
import { useRenderState } from '../RenderContext'

interface SmartLinkProps {
  target: LinkTarget
  className?: string
  children: ReactNode
  /**
   * Words for screen readers appended right after the visible text (include the leading space or
   * punctuation), e.g. " about Amazon Services" after "Learn More".
   */
  context?: string
  ariaCurrent?: 'page'
}

/**
 * A link to a content target (home section, site path, external address or the 3D viewer).
 * External links open in a new tab and say so to assistive technology.
 */
export function SmartLink({ target, className, children, context, ariaCurrent }: SmartLinkProps) {
  const { view3dUrl, localHref, chrome } = useRenderState()
  const resolved = resolveTarget(target, view3dUrl)
  const { newTab } = resolved
  // A site path in the page's locale: /about-us on a German page is /de/about-us.
  const href = newTab ? resolved.href : localHref(resolved.href)
  const note = (context ?? '') + (newTab ? newTabNote(chrome.ui.newTab) : '')
  return (
    <a
      href={href}
      className={className}
      target={newTab ? '_blank' : undefined}
      rel={newTab ? 'noopener noreferrer' : undefined}
      aria-current={ariaCurrent}
    >
      {children}
      {note ? <span className="sr-only">{note}</span> : null}
    </a>
  )
}

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'light'

interface ButtonLinkProps {
  cta: Cta
  variant?: ButtonVariant
  size?: 'md' | 'sm'
}

/** A pill-shaped call to action. */
export function ButtonLink({ cta, variant = 'primary', size = 'md' }: ButtonLinkProps) {
  return (
    <SmartLink target={cta.target} context={cta.context} className={buttonClass(variant, size)}>
      {cta.label}
    </SmartLink>
  )
}

export function buttonClass(variant: ButtonVariant, size: 'md' | 'sm' = 'md'): string {
  return `btn btn-${variant}${size === 'sm' ? ' btn-sm' : ''}`
}

/** A row of calls to action: the first is the primary button, the others secondary. */
export function CtaRow({ ctas, center = false }: { ctas: Cta[]; center?: boolean }) {
  return (
    <div className={center ? 'cta-row cta-row-center' : 'cta-row'}>
      {ctas.map((cta, index) => (
        <ButtonLink key={cta.label} cta={cta} variant={index === 0 ? 'primary' : 'secondary'} />
      ))}
    </div>
  )
}
