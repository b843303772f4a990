import type { Site } from '../../schemas/content'
import { useRenderState } from '../RenderContext'

/** The logo and name, linking home (the page's locale's): at the left of the header and atop the footer. */
export function BrandLink({ site }: { site: Site }) {
  const { localHref } = useRenderState()
  return (
    <a className="brand" href={localHref('/')}>
      <img src={site.logo.src} width={site.logo.width} height={site.logo.height} alt="" />
      <span>{site.name}</span>
    </a>
  )
}
