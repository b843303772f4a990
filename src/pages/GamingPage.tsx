import { ShowcaseCard } from '../components/pages/ShowcaseCard'
import { pageStyles } from '../components/pages/styles'
import { gamingPage as copy } from '../content/pages/gaming'
import type { PageModule } from '../schemas/page-module'

function Gaming() {
  return (
    <div className={pageStyles.container}>
      <h1 className={pageStyles.h1}>{copy.heading}</h1>
      <p className={pageStyles.lead}>{copy.lead}</p>
      <div className="mt-12 space-y-10">
        {copy.games.map((game, index) => (
          <ShowcaseCard key={game.id} item={game} reverse={index % 2 === 1} />
        ))}
      </div>
    </div>
  )
}

export const gamingPage: PageModule = { meta: copy.meta, Page: Gaming }
