import type { UiCopy } from '../../schemas/copy'
import type { Nav, Site } from '../../schemas/content'
import { MenuIcon } from '../ui/icons'
import { BrandLink } from './BrandLink'
import { LanguageLinks, type LanguageLink } from './LanguageLinks'
import { NavList } from './NavList'

interface HeaderProps {
  site: Site
  nav: Nav
  menu: UiCopy['menu']
  path: string
  /** The page's other language versions, for the switcher (docs/locales.md). */
  languages: readonly LanguageLink[]
  languagesLabel: string
}

/**
 * The fixed header. Not an island: pages without widgets must stay JavaScript-free, so the menus
 * are native <details> disclosures that open by click, tap or keyboard without any script.
 * src/client/enhance.ts upgrades them (where a page loads it) to buttons with aria-expanded,
 * Escape, click-outside and close-on-choose, and desktop dropdowns also open on hover.
 */
export function Header({ site, nav, menu, path, languages, languagesLabel }: HeaderProps) {
  return (
    <header className="site-header">
      <div className="container header-bar">
        <BrandLink site={site} />
        <nav className="nav-desktop" aria-label={menu.mainLabel}>
          <NavList nav={nav} path={path} look="desktop" />
        </nav>
        <LanguageLinks languages={languages} label={languagesLabel} look="header" />
        <details className="disclosure mobile-menu" data-disclosure="menu">
          <summary className="disclosure-toggle menu-toggle">
            <MenuIcon />
            <span>{menu.toggle}</span>
          </summary>
          <nav className="disclosure-panel mobile-panel" id="mobile-menu" aria-label={menu.mobileLabel}>
            <NavList nav={nav} path={path} look="mobile" />
          </nav>
        </details>
      </div>
    </header>
  )
}
