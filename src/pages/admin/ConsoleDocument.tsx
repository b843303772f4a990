import type { ReactNode } from 'react'
import { ClientScripts, HeadBasics } from '../../components/layout/Document'
import { usePageState } from '../../components/RenderContext'
import { adminCopy } from '../../content/admin'
import type { PageMeta } from '../../schemas/page-module'

/**
 * The document of a console page: the site's stylesheet and type, then the console's own, none of its marketing chrome
 * (header, footer, chat button), never indexed, and only the scripts the page asks for (the
 * passkey buttons'). The page's AdminShell draws the console's own header and main.
 */
export function ConsoleDocument({ meta, children }: { meta: PageMeta; children: ReactNode }) {
  const { assets } = usePageState()
  return (
    <html lang="en">
      <head>
        <HeadBasics meta={{ ...meta, noindex: true }} />
        <link rel="stylesheet" href={assets.styles} />
        <link rel="stylesheet" href={assets.console} />
      </head>
      <body className="console">
        <a className="skip-link" href="#main">
          {adminCopy.frame.skip}
        </a>
        {children}
        <ClientScripts />
      </body>
    </html>
  )
}
