import { examples } from '../../content/external'
import { footer } from '../../content/footer'
import { site } from '../../content/site'
import { telLink } from '../../lib/chat-link'
import type { NavLink } from '../../schemas/content'
import { SmartLink } from '../ui/SmartLink'
import { useRenderState } from '../RenderContext'
import { ChatButton } from './ChatButton'
import { MotionToggle } from './MotionToggle'
import { MailIcon, PhoneIcon, PinIcon, SocialIcon } from '../ui/icons'

/** Site footer: link columns, contact details, offices, social links and the legal links. */
export function Footer() {
  const year = new Date().getUTCFullYear()
  const { needs } = useRenderState()
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <a className="brand" href="/">
            <img src={site.logo.src} width={site.logo.width} height={site.logo.height} alt="" />
            <span>{site.name}</span>
          </a>
          <p className="footer-blurb">{footer.blurb}</p>
          <h2 className="footer-title">{footer.socialTitle}</h2>
          <ul className="social-list">
            {site.social.map((s) => (
              <li key={s.name}>
                <a className="social-link" href={s.url} target="_blank" rel="noopener noreferrer">
                  <SocialIcon name={s.name} />
                  <span className="sr-only">{s.name} (opens in a new tab)</span>
                </a>
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
          © {year} {site.legalName.replace(/\.$/, '')}. All rights reserved.
        </p>
        <ul className="legal-list">
          <li>
            <a href={`mailto:${examples.email}`}>{examples.email}</a>
          </li>
          {footer.legal.map((link) => (
            <li key={link.title}>
              <SmartLink target={link}>{link.title}</SmartLink>
            </li>
          ))}
        </ul>
      </div>
      {/* Fixed at the bottom of every page; inside the footer landmark for assistive technology. */}
      {/* Rendered after main, so every video of the page has already asked for the script. */}
      {needs.has('enhance') ? <MotionToggle /> : null}
      <ChatButton />
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
