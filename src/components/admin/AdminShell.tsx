import type { ReactNode } from 'react'
import type { AdminNotice } from '../../schemas/admin-copy'
import { Notice } from '../ui/Notice'

export interface AdminNavItem {
  href: string
  label: string
}

interface AdminShellProps {
  nav: { label: string; items: AdminNavItem[] }
  /** The href of the part being shown (aria-current). */
  current: string
  heading: string
  /** The outcome of the post that redirected here. */
  notice?: AdminNotice
  /** What needs the admin now (the waiting-leads banner), above the page's sections. */
  banner?: ReactNode
  children: ReactNode
}

/** Every console page: its navigation, one heading, the notice and banner, then its sections. */
export function AdminShell({ nav, current, heading, notice, banner, children }: AdminShellProps) {
  return (
    <div className="admin-console">
      <nav className="admin-nav" aria-label={nav.label}>
        <ul>
          {nav.items.map((item) => (
            <li key={item.href}>
              <a href={item.href} aria-current={item.href === current ? 'page' : undefined}>
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <h1 className="admin-console-title">{heading}</h1>
      {notice ? <Notice ok={notice.ok} title={notice.title} text={notice.text} /> : null}
      {banner}
      {children}
    </div>
  )
}

/** One titled part of a console page, in the site's panel. */
export function AdminSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="panel admin-section">
      <h2 className="panel-title">{title}</h2>
      {children}
    </section>
  )
}
