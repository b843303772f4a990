import type { ShareLink } from '../../schemas/studio-records'
import { AdminSection } from './AdminShell'
import { DataTable } from './DataTable'

interface ShareLinksWords {
  heading: string
  intro: string
  make: string
  caption: string
  madeBy: string
  ends: string
  revoke: string
  none: string
}

/**
 * A landing page's share links: Make a share link, and the links that still open, each with
 * Revoke. Plain forms: it works without JavaScript. `links` is null when they could not be read.
 */
export function ShareLinksSection({
  links,
  makeAction,
  revokeAction,
  time,
  unreadable,
  words,
}: {
  links: ShareLink[] | null
  makeAction: string
  revokeAction: (id: string) => string
  /** A time as the console shows it. */
  time: (iso: string) => string
  unreadable: string
  words: ShareLinksWords
}) {
  return (
    <AdminSection title={words.heading}>
      <p>{words.intro}</p>
      <form method="post" action={makeAction}>
        <button type="submit" className="btn btn-secondary">
          {words.make}
        </button>
      </form>
      {links === null ? (
        <p>{unreadable}</p>
      ) : (
        <DataTable
          caption={words.caption}
          columns={[words.madeBy, words.ends, words.revoke]}
          rowHeader={0}
          stack
          empty={words.none}
          rows={links.map((link) => ({
            key: link.id,
            cells: [
              link.madeBy,
              time(link.expiresAt),
              <form key="revoke" method="post" action={revokeAction(link.id)}>
                <button type="submit" className="btn btn-secondary btn-sm">
                  {words.revoke} <span className="sr-only">{`${link.madeBy}, ${time(link.expiresAt)}`}</span>
                </button>
              </form>,
            ],
          }))}
        />
      )}
    </AdminSection>
  )
}
