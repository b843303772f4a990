import { resolveTarget } from '../../lib/links'
import type { Nav, NavLink } from '../../schemas/content'
import { useRenderState } from '../RenderContext'
import { ChevronDownIcon } from '../ui/icons'
import { buttonClass, SmartLink } from '../ui/SmartLink'

/** The class names of the two renderings of the one list: the desktop bar and the mobile panel. */
const LOOKS = {
  desktop: {
    list: 'nav-list',
    link: 'nav-link',
    menu: 'dropdown',
    panel: 'dropdown-panel',
    item: 'dropdown-link',
    actions: 'nav-actions',
    buttons: 'sm',
    ids: 'menu',
  },
  mobile: {
    list: 'mobile-list',
    link: 'mobile-link',
    menu: 'sublist',
    panel: 'sublist-panel',
    item: 'mobile-sublink',
    actions: 'mobile-actions',
    buttons: 'md',
    ids: 'mobile',
  },
} as const

type Look = (typeof LOOKS)[keyof typeof LOOKS]

/**
 * The header's entries in order: Home, the eCommerce and Features menus, Real Estate, About Us,
 * then Login and Contact us as buttons. Menus are native <details> disclosures (see Header).
 */
export function NavList({ nav, path, look }: { nav: Nav; path: string; look: keyof typeof LOOKS }) {
  const c = LOOKS[look]
  const menus = [
    ['ecommerce', nav.ecommerce],
    ['features', nav.features],
  ] as const
  return (
    <ul className={c.list}>
      <li>
        <NavItemLink link={nav.home} path={path} className={c.link} />
      </li>
      {menus.map(([key, menu]) => (
        <li key={key}>
          <Menu id={`${c.ids}-${key}`} title={menu.title} links={menu.items} path={path} look={c} />
        </li>
      ))}
      {[nav.realEstate, nav.about].map((link) => (
        <li key={link.title}>
          <NavItemLink link={link} path={path} className={c.link} />
        </li>
      ))}
      <li className={c.actions}>
        <NavItemLink link={nav.login} path={path} className={buttonClass('ghost', c.buttons)} />
        <NavItemLink link={nav.contact} path={path} className={buttonClass('primary', c.buttons)} />
      </li>
    </ul>
  )
}

function NavItemLink({ link, path, className }: { link: NavLink; path: string; className: string }) {
  const { view3dUrl, localHref } = useRenderState()
  const href = localHref(resolveTarget(link, view3dUrl).href)
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
  look: Look
}

/** A desktop dropdown or a mobile sub-list: opens on click, tap or keyboard without any script. */
function Menu({ id, title, links, path, look }: MenuProps) {
  return (
    <details className={`disclosure ${look.menu}`} data-disclosure={look.menu}>
      <summary className={`disclosure-toggle ${look.link}`}>
        {title}
        <ChevronDownIcon className="icon chevron" />
      </summary>
      <ul className={`disclosure-panel ${look.panel}`} id={id}>
        {links.map((link) => (
          <li key={link.title}>
            <NavItemLink link={link} path={path} className={look.item} />
          </li>
        ))}
      </ul>
    </details>
  )
}
