import { AdminSection } from '../../components/admin/AdminShell'
import { DataTable } from '../../components/admin/DataTable'
import { LabelledInput } from '../../components/admin/LabelledInput'
import { LabelledSelect } from '../../components/admin/LabelledSelect'
import { UtcTime } from '../../components/admin/UtcTime'
import { adminCopy } from '../../content/admin'
import { ADMIN_PATHS, activityHref } from '../../lib/admin-links'
import { ACTIVITY_ACTIONS, type ActivityEntry, type ActivityFilter } from '../../schemas/activity'
import type { PageModule } from '../../schemas/page-module'
import { adminPage, readable, type AdminFrame } from './AdminFrame'

export interface ActivityData extends AdminFrame {
  filter: ActivityFilter
  /** The page's entries and where older ones start; null when the log could not be read. */
  list: { entries: ActivityEntry[]; next?: number } | null
  /** Whether this page starts below the newest entry (`?before=`). */
  paged: boolean
  /** People to pick from in the filter (the team, Access admins, "api token"). */
  people: string[]
}

const copy = adminCopy.activity

/** /admin/activity: who did what and when, newest first, filtered by person and action, as CSV too. */
export function activityPage({ filter, list, paged, people, ...frame }: ActivityData): PageModule {
  const f = copy.filter
  return adminPage(
    'activity',
    copy,
    frame,
    <AdminSection title={copy.heading}>
      <form
        method="get"
        action={ADMIN_PATHS.activity}
        className="lead-filters"
        role="search"
        aria-label={f.legend}
      >
        <div className="field">
          <LabelledInput
            id="activity-person"
            label={f.person}
            name="person"
            list="activity-people"
            defaultValue={filter.actor ?? ''}
            maxLength={200}
          />
          <datalist id="activity-people">
            {people.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
        <div className="field">
          <LabelledSelect
            id="activity-action"
            label={f.action}
            name="action"
            defaultValue={filter.action ?? ''}
            placeholder={f.all}
            options={ACTIVITY_ACTIONS.map((action) => ({ value: action, label: copy.actions[action] }))}
          />
        </div>
        <div className="lead-filter-actions">
          <button type="submit" className="btn btn-primary btn-sm">
            {f.submit}
          </button>
          <a href={ADMIN_PATHS.activity} className="btn btn-ghost btn-sm">
            {f.clear}
          </a>
          <a href={activityHref(filter, ADMIN_PATHS.activityCsv)} className="btn btn-ghost btn-sm" download>
            {f.export}
          </a>
        </div>
      </form>
      {readable(list, ({ entries, next }) => (
        <>
          <ActivityTable entries={entries} />
          <nav aria-label={copy.heading} className="pager">
            {paged ? (
              <a href={activityHref(filter)} className="text-link">
                {copy.newest}
              </a>
            ) : null}{' '}
            {next ? (
              <a href={activityHref({ ...filter, before: next })} className="text-link">
                {copy.older}
              </a>
            ) : null}
          </nav>
        </>
      ))}
      <p className="field-hint">{copy.note}</p>
    </AdminSection>,
  )
}

function ActivityTable({ entries }: { entries: ActivityEntry[] }) {
  const t = copy.table
  return (
    <DataTable
      caption={t.caption}
      columns={[t.when, t.who, t.what, t.subject, t.detail]}
      rows={entries.map((entry) => ({
        key: String(entry.id),
        cells: [
          <UtcTime key="at" iso={entry.at} />,
          entry.actor || (entry.client ? `${t.unknown} ${entry.client}` : t.unknown),
          copy.actions[entry.action] ?? entry.action,
          entry.subject ?? adminCopy.empty,
          entry.detail ?? adminCopy.empty,
        ],
      }))}
      empty={t.none}
      rowHeader={0}
      long={[3, 4]}
      stack
    />
  )
}
