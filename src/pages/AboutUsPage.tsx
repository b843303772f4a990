import { BackToHome } from '../components/pages/BackToHome'
import { ExternalLink } from '../components/pages/ExternalLink'
import { pageStyles } from '../components/pages/styles'
import { aboutPage } from '../content/pages/about'
import type { PageModule } from '../schemas/page-module'

const { mission, vision, story } = aboutPage

function StatementCard({ id, title, paragraphs }: { id: string; title: string; paragraphs: string[] }) {
  return (
    <section aria-labelledby={id} className={pageStyles.card}>
      <h2 id={id} className={pageStyles.h3}>
        {title}
      </h2>
      {paragraphs.map((paragraph) => (
        <p key={paragraph} className={`mt-4 ${pageStyles.body}`}>
          {paragraph}
        </p>
      ))}
    </section>
  )
}

function AboutUs() {
  const { founder } = story
  return (
    <div className={pageStyles.container}>
      <BackToHome />
      <h1 className={`mt-6 ${pageStyles.h1}`}>{aboutPage.heading}</h1>
      <p className={pageStyles.lead}>{aboutPage.lead}</p>
      <div className="mt-12 grid gap-6 md:grid-cols-2">
        <StatementCard id="mission" {...mission} />
        <StatementCard id="vision" {...vision} />
        <section aria-labelledby="story" className={`${pageStyles.card} md:col-span-2 md:p-8`}>
          <h2 id="story" className={pageStyles.h3}>
            {story.title}
          </h2>
          {story.paragraphs.map((paragraph) => (
            <p key={paragraph} className={`mt-4 ${pageStyles.body}`}>
              {paragraph}
            </p>
          ))}
          <div className="mt-8 flex flex-wrap items-center gap-4 border-t border-white/10 pt-6">
            <span
              aria-hidden="true"
              className="flex size-14 items-center justify-center rounded-full bg-indigo-600 text-lg font-bold text-white"
            >
              {initials(founder.name)}
            </span>
            <div>
              <p className="font-semibold text-white">{founder.name}</p>
              <p className="text-sm text-slate-300">{founder.title}</p>
            </div>
            <ExternalLink href={founder.profileUrl} className={`ml-auto ${pageStyles.textLink}`}>
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
