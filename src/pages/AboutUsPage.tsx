import type { ReactNode } from 'react'
import { BackToHome } from '../components/templates/BackToHome'
import { PageIntro } from '../components/templates/PageParts'
import { SmartLink } from '../components/ui/SmartLink'
import type { PageModule } from '../schemas/page-module'
import type { AboutPageCopy } from '../schemas/pages'
import type { SiteContent } from '../schemas/site-copy'
import { useChrome } from './locale-content'

interface StatementCardProps {
  id: string
  title: string
  paragraphs: string[]
  className?: string
  children?: ReactNode
}

function StatementCard({ id, title, paragraphs, className = '', children }: StatementCardProps) {
  return (
    <section aria-labelledby={id} className={`panel statement ${className}`.trim()}>
      <h2 id={id} className="panel-title">
        {title}
      </h2>
      {paragraphs.map((paragraph) => (
        <p key={paragraph} className="page-text">
          {paragraph}
        </p>
      ))}
      {children}
    </section>
  )
}

function AboutUs({ copy }: { copy: AboutPageCopy }) {
  const { mission, vision, story } = copy
  const { ui } = useChrome()
  const { founder } = story
  return (
    <div className="page">
      <BackToHome label={ui.backToHome} />
      <PageIntro heading={copy.heading} lead={copy.lead} />
      <div className="panel-grid panel-grid-2 about-grid">
        <StatementCard id="mission" {...mission} />
        <StatementCard id="vision" {...vision} />
        <StatementCard id="story" {...story} className="story">
          <div className="founder">
            <span aria-hidden="true" className="founder-initials">
              {initials(founder.name)}
            </span>
            <div>
              <p className="founder-name">{founder.name}</p>
              <p className="founder-role">{founder.title}</p>
            </div>
            <SmartLink target={{ url: founder.profileUrl }} className="text-link founder-link">
              {founder.profileLabel}
            </SmartLink>
          </div>
        </StatementCard>
      </div>
    </div>
  )
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
}

/** /about-us, from the site's copy (the studio's edition, else the repository's). */
export const aboutUsPage = ({ copy }: SiteContent): PageModule => ({
  meta: copy.about.meta,
  Page: () => <AboutUs copy={copy.about} />,
})
