import { nav } from '../../content/nav'
import { site } from '../../content/site'
import type { NavLink } from '../../schemas/content'
import { resolveTarget } from '../../lib/links'
import { useRenderState } from '../RenderContext'
import { SmartLink } from '../ui/SmartLink'
import { ChevronDownIcon, MenuIcon } from '../ui/icons'

/**
 * The fixed header. Not an island: pages without widgets must stay JavaScript-free, so the menus
 * are native <details> disclosures that open by click, tap or keyboard without any script.
 * src/client/enhance.ts upgrades them (where a page loads it) to buttons with aria-expanded,
 * Escape, click-outside and close-on-choose, and desktop dropdowns also open on hover.
 */
export function Header({ path }: { path: string }) {
  return (
    <header className="site-header">
      <div className="container header-bar">
        <a className="brand" href="/">
          <img src={site.logo.src} width={site.logo.width} height={site.logo.height} alt="" />
          <span>{site.name}</span>
        </a>

        <nav className="nav-desktop" aria-label="Main">
          <ul className="nav-list">
            <li>
              <NavItemLink link={nav.home} path={path} className="nav-link" />
            </li>
            <li>
              <Dropdown
                id="menu-ecommerce"
                title={nav.ecommerce.title}
                links={nav.ecommerce.items}
                path={path}
              />
            </li>
            <li>
              <Dropdown
                id="menu-features"
                title={nav.features.title}
                links={nav.features.items}
                path={path}
              />
            </li>
            <li>
              <NavItemLink link={nav.realEstate} path={path} className="nav-link" />
            </li>
            <li>
              <NavItemLink link={nav.about} path={path} className="nav-link" />
            </li>
            <li className="nav-actions">
              <NavItemLink link={nav.login} path={path} className="btn btn-ghost btn-sm" />
              <NavItemLink link={nav.contact} path={path} className="btn btn-primary btn-sm" />
            </li>
          </ul>
        </nav>

        <details className="disclosure mobile-menu" data-disclosure="menu">
          <summary className="disclosure-toggle menu-toggle">
            <MenuIcon />
            <span>Menu</span>
          </summary>
          <nav className="disclosure-panel mobile-panel" id="mobile-menu" aria-label="Mobile">
            <ul className="mobile-list">
              <li>
                <NavItemLink link={nav.home} path={path} className="mobile-link" />
              </li>
              <li>
                <SubList
                  id="mobile-ecommerce"
                  title={nav.ecommerce.title}
                  links={nav.ecommerce.items}
                  path={path}
                />
              </li>
              <li>
                <SubList
                  id="mobile-features"
                  title={nav.features.title}
                  links={nav.features.items}
                  path={path}
                />
              </li>
              <li>
                <NavItemLink link={nav.realEstate} path={path} className="mobile-link" />
              </li>
              <li>
                <NavItemLink link={nav.about} path={path} className="mobile-link" />
              </li>
              <li className="mobile-actions">
                <NavItemLink link={nav.login} path={path} className="btn btn-ghost" />
                <NavItemLink link={nav.contact} path={path} className="btn btn-primary" />
              </li>
            </ul>
          </nav>
        </details>
      </div>
    </header>
  )
}

interface LinkProps {
  link: NavLink
  path: string
  className: string
}

function NavItemLink({ link, path, className }: LinkProps) {
  const { view3dUrl } = useRenderState()
  const { href } = resolveTarget(link, view3dUrl)
  return (
    <SmartLink target={link} className={className} ariaCurrent={href === path ? 'page' : undefined}>
      {link.title}
    </SmartLink>
  )
}

interface MenuProps {
  id: string
  title: string
  links: NavLink[]
  path: string
}

/** Desktop dropdown: opens on click/keyboard (and hover once enhanced). */
function Dropdown({ id, title, links, path }: MenuProps) {
  return (
    <details className="disclosure dropdown" data-disclosure="dropdown">
      <summary className="disclosure-toggle nav-link">
        {title}
        <ChevronDownIcon className="icon chevron" />
      </summary>
      <ul className="disclosure-panel dropdown-panel" id={id}>
        {links.map((link) => (
          <li key={link.title}>
            <NavItemLink link={link} path={path} className="dropdown-link" />
          </li>
        ))}
      </ul>
    </details>
  )
}

/** Collapsible sub-list of the mobile menu. */
function SubList({ id, title, links, path }: MenuProps) {
  return (
    <details className="disclosure sublist" data-disclosure="sublist">
      <summary className="disclosure-toggle mobile-link">
        {title}
        <ChevronDownIcon className="icon chevron" />
      </summary>
      <ul className="disclosure-panel sublist-panel" id={id}>
        {links.map((link) => (
          <li key={link.title}>
            <NavItemLink link={link} path={path} className="mobile-sublink" />
          </li>
        ))}
      </ul>
    </details>
  )
}
