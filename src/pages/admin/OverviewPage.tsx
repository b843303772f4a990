import { AdminSection } from '../../components/admin/AdminShell'
import { StatusCountsTable } from '../../components/admin/StatusCountsTable'
import { UtcTime } from '../../components/admin/UtcTime'
import { adminCopy } from '../../content/admin'
import { ADMIN_PATHS } from '../../lib/admin-links'
import type { GuardStatus, StatusCounts, ViewerUrlChange } from '../../schemas/admin-records'
import type { PageModule } from '../../schemas/page-module'
import { adminPage, factList, readable, type AdminFrame } from './AdminFrame'

export interface OverviewData extends AdminFrame {
  /** The stored viewer URL ("" when none is stored), or null when the settings store cannot run. */
  storedUrl: string | null
  /** The latest change (empty when none), or null when the history could not be read. */
  lastChanges: ViewerUrlChange[] | null
  counts: StatusCounts | null
  guard: GuardStatus | null
  /** Today's (UTC) page views and leads; null when they could not be read. */
  today: { views: number; leads: number } | null
}

const copy = adminCopy.overview

/** /admin: the viewer URL and its last change, the leads, the sign-in guard. */
export function overviewPage(data: OverviewData): PageModule {
  return adminPage(
    'overview',
    copy,
    data,
    <>
      <AdminSection title={copy.viewer.title}>
        {factList([
          [copy.viewer.current, readable(data.storedUrl, (url) => <CurrentUrl url={url} />)],
          [
            copy.viewer.lastChange,
            readable(data.lastChanges, (changes) => <LastChange change={changes[0]} />),
          ],
        ])}
        <a href={ADMIN_PATHS.settings} className="text-link">
          {copy.viewer.manage}
        </a>
      </AdminSection>
      <AdminSection title={copy.traffic.title}>
        {readable(data.today, (today) =>
          factList([
            [copy.traffic.views, today.views],
            [copy.traffic.leads, today.leads],
          ]),
        )}
        <a href={ADMIN_PATHS.traffic} className="text-link">
          {copy.traffic.manage}
        </a>
      </AdminSection>
      <AdminSection title={copy.leads.title}>
        {readable(data.counts, (counts) => (
          <StatusCountsTable counts={counts} copy={adminCopy.counts} />
        ))}
        <a href={ADMIN_PATHS.leads} className="text-link">
          {copy.leads.manage}
        </a>
      </AdminSection>
      <AdminSection title={copy.guard.title}>
        {readable(data.guard, (guard) =>
          factList([
            [copy.guard.failures, guard.failuresInWindow],
            [copy.guard.lockedClients, guard.lockedClients],
            [copy.guard.everyoneLocked, guard.everyoneLocked ? copy.guard.yes : copy.guard.no],
          ]),
        )}
        <p className="field-hint">{copy.guard.note}</p>
      </AdminSection>
    </>,
  )
}

function CurrentUrl({ url }: { url: string }) {
  return url ? <span className="url-text">{url}</span> : <>{copy.viewer.defaultNote}</>
}

function LastChange({ change }: { change: ViewerUrlChange | undefined }) {
  if (!change) return <>{copy.viewer.never}</>
  return (
    <>
      <UtcTime iso={change.changedAt} /> {copy.viewer.by} {change.changedBy} {copy.viewer.via} {change.source}
    </>
  )
}
