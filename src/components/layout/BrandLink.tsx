import type { Site } from '../../schemas/content'

/** The logo and name, linking home: at the left of the header and atop the footer. */
export function BrandLink({ site }: { site: Site }) {
  return (
    <a className="brand" href="/">
      <img src={site.logo.src} width={site.logo.width} height={site.logo.height} alt="" />
      <span>{site.name}</span>
    </a>
  )
}
