import { BackToHome } from '../components/pages/BackToHome'
import { ExternalLink } from '../components/pages/ExternalLink'
import { aboutPage } from '../content/pages/about'
import type { PageModule } from '../schemas/page-module'

const { mission, vision, story } = aboutPage

function StatementCard({ id, title, paragraphs }: { id: string; title: string; paragraphs: string[] }) {
  return (
    <section aria-labelledby={id} className="panel statement">
      <h2 id={id} className="panel-title">
        {title}
      </h2>
      {paragraphs.map((paragraph) => (
        <p key={paragraph} className="page-text">
          {paragraph}
        </p>
      ))}
    </section>
  )
}

function AboutUs() {
  const { founder } = story
  return (
    <div className="page">
      <BackToHome />
      <h1 className="page-title">{aboutPage.heading}</h1>
      <p className="page-lead">{aboutPage.lead}</p>
      <div className="panel-grid panel-grid-2 about-grid">
        <StatementCard id="mission" {...mission} />
        <StatementCard id="vision" {...vision} />
        <section aria-labelledby="story" className="panel statement story">
          <h2 id="story" className="panel-title">
            {story.title}
          </h2>
          {story.paragraphs.map((paragraph) => (
            <p key={paragraph} className="page-text">
              {paragraph}
            </p>
          ))}
          <div className="founder">
            <span aria-hidden="true" className="founder-initials">
              {initials(founder.name)}
            </span>
            <div>
              <p className="founder-name">{founder.name}</p>
              <p className="founder-role">{founder.title}</p>
            </div>
            <ExternalLink href={founder.profileUrl} className="text-link founder-link">
              {founder.profileLabel}
            </ExternalLink>
          </div>
        </section>
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

export const aboutUsPage: PageModule = { meta: aboutPage.meta, Page: AboutUs }
