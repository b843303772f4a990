import { telLink } from '../../lib/chat-link'
import type { UiCopy } from '../../schemas/copy'
import type { Footer as FooterContent, NavLink, Site } from '../../schemas/content'
import { SmartLink } from '../ui/SmartLink'
import { usePageState } from '../RenderContext'
import { BrandLink } from './BrandLink'
import { LanguageLinks, type LanguageLink } from './LanguageLinks'
import { ChatButton } from './ChatButton'
import { MotionToggle } from './MotionToggle'
import { MailIcon, PhoneIcon, PinIcon, SocialIcon } from '../ui/icons'

interface FooterProps {
  site: Site
  footer: FooterContent
  ui: UiCopy
  /** The page's other language versions, for the switcher (docs/locales.md). */
  languages: readonly LanguageLink[]
}

/** Site footer: link columns, contact details, offices, social links and the legal links. */
export function Footer({ site, footer, ui, languages }: FooterProps) {
  const year = new Date().getUTCFullYear()
  const { needs } = usePageState()
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <BrandLink site={site} />
          <p className="footer-blurb">{footer.blurb}</p>
          <h2 className="footer-title">{footer.socialTitle}</h2>
          <ul className="social-list">
            {site.social.map((s) => (
              <li key={s.name}>
                <SmartLink target={{ url: s.url }} className="social-link">
                  <SocialIcon name={s.name} />
                  <span className="sr-only">{s.name}</span>
                </SmartLink>
              </li>
            ))}
          </ul>
        </div>

        <FooterColumn title={footer.quickLinks.title} links={footer.quickLinks.links} />
        <FooterColumn title={footer.products.title} links={footer.products.links} />
        <FooterColumn title={footer.features.title} links={footer.features.links} />
        <FooterColumn title={footer.industries.title} links={footer.industries.links} />

        <div className="footer-contact">
          <h2 className="footer-title">{footer.contactTitle}</h2>
          <ul className="contact-list">
            {site.phones.map((p) => (
              <li key={p.number}>
                <PhoneIcon />
                <span>
                  <span className="contact-label">{p.label}: </span>
                  <a href={telLink(p.number)}>{p.number}</a>
                </span>
              </li>
            ))}
            {site.emails.map((e) => (
              <li key={e.address}>
                <MailIcon />
                <span>
                  <span className="contact-label">{e.label}: </span>
                  <a href={`mailto:${e.address}`}>{e.address}</a>
                </span>
              </li>
            ))}
          </ul>
          <ul className="office-list">
            {site.offices.map((o) => (
              <li key={o.name}>
                <PinIcon />
                <address>
                  <strong>{o.name}</strong>
                  {o.lines.map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </address>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="container footer-bottom">
        <p>
          © {year} {site.legalName.replace(/\.$/, '')}. {footer.rights}
        </p>
        <ul className="legal-list">
          <li>
            <a href={`mailto:${footer.email}`}>{footer.email}</a>
          </li>
          {languages.length ? (
            <li>
              <LanguageLinks languages={languages} label={ui.languages.label} look="footer" />
            </li>
          ) : null}
          {footer.legal.map((link) => (
            <li key={link.title}>
              <SmartLink target={link}>{link.title}</SmartLink>
            </li>
          ))}
        </ul>
      </div>
      {/* Fixed at the bottom of every page; inside the footer landmark for assistive technology. */}
      {/* Rendered after main, so every video of the page has already asked for the script. */}
      {needs.has('enhance') ? <MotionToggle label={ui.buttons.pauseAnimations} /> : null}
      <ChatButton phone={site.businessPhone} chatBase={site.chatBase} label={ui.buttons.chat} />
    </footer>
  )
}

function FooterColumn({ title, links }: { title: string; links: NavLink[] }) {
  return (
    <div className="footer-column">
      <h2 className="footer-title">{title}</h2>
      <ul className="footer-links">
        {links.map((link) => (
          <li key={link.title}>
            <SmartLink target={link}>{link.title}</SmartLink>
          </li>
        ))}
      </ul>
    </div>
  )
}
