import { ShowcaseCard } from '../components/pages/ShowcaseCard'
import { gamingPage as copy } from '../content/pages/gaming'
import type { PageModule } from '../schemas/page-module'

function Gaming() {
  return (
    <div className="page">
      <h1 className="page-title">{copy.heading}</h1>
      <p className="page-lead">{copy.lead}</p>
      <div className="showcase-list">
        {copy.games.map((game, index) => (
          <ShowcaseCard key={game.id} item={game} reverse={index % 2 === 1} />
        ))}
      </div>
    </div>
  )
}

export const gamingPage: PageModule = { meta: copy.meta, Page: Gaming }
