import { home } from '../../content/home'
import { Picture } from '../ui/Picture'
import { SectionHeading } from '../ui/SectionHeading'
import { ButtonLink } from '../ui/SmartLink'

/** 11. Blog teaser: three article cards and a Contact us pill. */
export function BlogTeaserSection() {
  const { blog } = home
  return (
    <section className="section" aria-labelledby="blog-title">
      <div className="container">
        <SectionHeading id="blog-title" title={blog.title} intro={blog.intro} />
        <ul className="card-grid card-grid-3">
          {blog.cards.map((card) => (
            <li key={card.id} className="card media-card blog-card">
              <Picture {...card.image} className="card-media" />
              <div className="card-body">
                <h3>
                  <a href={card.url} className="stretched-link">
                    {card.title}
                  </a>
                </h3>
                <p>{card.excerpt}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="cta-row cta-row-center">
          <ButtonLink target={blog.contact.target} variant="secondary">
            {blog.contact.label}
          </ButtonLink>
        </div>
      </div>
    </section>
  )
}
