import type { ReactNode } from 'react'
import { resolveTarget, type LinkTarget } from '../../lib/links'
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
  const { view3dUrl } = useRenderState()
  const { href, newTab } = resolveTarget(target, view3dUrl)
  const note = (context ?? '') + (newTab ? ' (opens in a new tab)' : '')
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

interface ButtonLinkProps extends Omit<SmartLinkProps, 'className'> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'light'
  size?: 'md' | 'sm'
  className?: string
}

/** A pill-shaped call to action. */
export function ButtonLink({ variant = 'primary', size = 'md', className = '', ...props }: ButtonLinkProps) {
  const classes = ['btn', `btn-${variant}`, size === 'sm' ? 'btn-sm' : '', className].filter(Boolean)
  return <SmartLink {...props} className={classes.join(' ')} />
}
