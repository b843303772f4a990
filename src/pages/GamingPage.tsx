import { PageIntro, ShowcaseList } from '../components/templates/PageParts'
import type { PageModule } from '../schemas/page-module'
import type { GamingPageCopy } from '../schemas/pages'
import type { SiteContent } from '../schemas/site-copy'
import { useChrome } from './locale-content'

function Gaming({ copy }: { copy: GamingPageCopy }) {
  const { ui } = useChrome()
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
