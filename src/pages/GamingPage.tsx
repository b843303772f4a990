import { PageIntro, ShowcaseList } from '../components/templates/PageParts'
import { ui } from '../content/ui'
import type { PageModule } from '../schemas/page-module'
import type { GamingPageCopy } from '../schemas/pages'
import type { SiteContent } from '../schemas/site-copy'

function Gaming({ copy }: { copy: GamingPageCopy }) {
  return (
    <div className="page">
      <PageIntro heading={copy.heading} lead={copy.lead} />
      <ShowcaseList items={copy.games} labels={ui.showcase} />
    </div>
  )
}

/** /gaming, from the site's copy (the studio's edition, else the repository's). */
export const gamingPage = ({ copy }: SiteContent): PageModule => ({
  meta: copy.gaming.meta,
  Page: () => <Gaming copy={copy.gaming} />,
})
