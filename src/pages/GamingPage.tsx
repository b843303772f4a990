import { PageIntro, ShowcaseList } from '../components/templates/PageParts'
import { gamingPage as copy } from '../content/pages/gaming'
import { ui } from '../content/ui'
import type { PageModule } from '../schemas/page-module'

function Gaming() {
  return (
    <div className="page">
      <PageIntro heading={copy.heading} lead={copy.lead} />
      <ShowcaseList items={copy.games} labels={ui.showcase} />
    </div>
  )
}

export const gamingPage: PageModule = { meta: copy.meta, Page: Gaming }
