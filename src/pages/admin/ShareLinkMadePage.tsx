import { AdminSection } from '../../components/admin/AdminShell'
import { CopyLink } from '../../components/admin/CopyLink'
import { adminCopy } from '../../content/admin'
import { utcText } from '../../lib/admin-links'
import { fillTemplate } from '../../lib/template'
import type { PageModule } from '../../schemas/page-module'
import { adminPage, type AdminFrame } from './AdminFrame'

const words = adminCopy.landing.share

export interface ShareLinkMadeData extends AdminFrame {
  /** The whole link, shown this once (only its hash is kept). */
  url: string
  expiresAt: string
  /** The page's editor. */
  back: string
}

/** After Make a share link: the link, to copy now, and until when it opens. */
export function shareLinkMadePage({ url, expiresAt, back, ...frame }: ShareLinkMadeData): PageModule {
  const text = { meta: adminCopy.landing.meta, heading: words.madeHeading }
  return adminPage(
    'landing',
    text,
    frame,
    <AdminSection title={words.madeHeading}>
      <p>{fillTemplate(words.madeText, { at: utcText(expiresAt) })}</p>
      <CopyLink
        id="share-link"
        label={words.link}
        url={url}
        open={adminCopy.tools.copy.openReview}
        newTab
        words={adminCopy.tools.copy}
      />
      <p>
        <a href={back} className="text-link">
          {words.back}
        </a>
      </p>
    </AdminSection>,
  )
}
