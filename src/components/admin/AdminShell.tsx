import type { ReactNode } from 'react'
import type { AdminNotice } from '../../schemas/admin-words'
import { Notice } from '../ui/Notice'

export interface AdminNavItem {
  href: string
  label: string
}

/** Who is signed in, and the words around them; absent on the sign-in and invitation pages. */
export interface ConsoleAccount {
  who: string
  signOutAction: string
  words: { signedInAs: string; signOut: string }
}

interface AdminShellProps {
  brand: { label: string; href: string }
  /** The way back to the public site. */
  site: { label: string; href: string }
  /** The console's parts; `menu` names the one-line menu they fold into on a phone. */
  nav?: { label: string; menu: string; items: AdminNavItem[] }
  /** The href of the part being shown (aria-current). */
  current?: string
  account?: ConsoleAccount
  heading: string
  /** The guide's section for this page (/admin/help#part). */
  help?: { label: string; href: string }
  /** The outcome of the post that redirected here. */
  notice?: AdminNotice
  /** What needs the admin now (the waiting-leads banner), above the page's sections. */
  banner?: ReactNode
  children: ReactNode
}

/**
 * Every console page: the console's own header (its name, navigation, who is signed in, Sign out
 * and the way back to the site), then one heading, the notice and banner, and its sections. No
 * marketing header, footer or chat button: an operator's frame.
 */
export function AdminShell({
  brand,
  site,
  nav,
  current,
  account,
  heading,
  help,
  notice,
  banner,
  children,
}: AdminShellProps) {
  const currentLabel = nav?.items.find((item) => item.href === current)?.label
  return (
    <>
      <header className="console-header">
        <div className="console-bar">
          <a href={brand.href} className="console-brand">
            {brand.label}
          </a>
          <div className="console-account">
            {account ? (
              <>
                <span className="console-who">
                  {account.words.signedInAs} <strong>{account.who}</strong>
                </span>
                <form method="post" action={account.signOutAction}>
                  <button type="submit" className="btn btn-secondary btn-sm">
                    {account.words.signOut}
                  </button>
                </form>
              </>
            ) : null}
            <a href={site.href} className="text-link">
              {site.label}
            </a>
          </div>
        </div>
        {nav ? (
          <nav className="admin-nav" aria-label={nav.label}>
            {/* On a phone: one line naming the current part, opening as a menu (no JavaScript). */}
            <details className="admin-nav-menu">
              <summary>
                {nav.menu}
                {currentLabel ? <span className="admin-nav-current"> · {currentLabel}</span> : null}
              </summary>
              <NavLinks items={nav.items} current={current} />
            </details>
            {/* Wider: every part at once. CSS shows one of the two, so each is read once. */}
            <div className="admin-nav-wide">
              <NavLinks items={nav.items} current={current} />
            </div>
          </nav>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className="admin-console">
        <div className="admin-console-heading">
          <h1 className="admin-console-title">{heading}</h1>
          {help ? (
            <a href={help.href} className="text-link admin-help-link">
              {help.label}
            </a>
          ) : null}
        </div>
        {notice ? <Notice ok={notice.ok} title={notice.title} text={notice.text} /> : null}
        {banner}
        {children}
      </main>
    </>
  )
}

function NavLinks({ items, current }: { items: AdminNavItem[]; current?: string }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item.href}>
          <a href={item.href} aria-current={item.href === current ? 'page' : undefined}>
            {item.label}
          </a>
        </li>
      ))}
    </ul>
  )
}

/** One titled part of a console page, in the site's panel. */
export function AdminSection({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <section className="panel admin-section" id={id}>
      <h2 className="panel-title">{title}</h2>
      {children}
    </section>
  )
}
