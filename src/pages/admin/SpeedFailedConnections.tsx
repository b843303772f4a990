import { AdminSection } from '../../components/admin/AdminShell'
import { DataTable } from '../../components/admin/DataTable'
import { adminCopy } from '../../content/admin'
import { fillTemplate } from '../../lib/template'
import type { NetworkErrorLine } from '../../schemas/speed'
import { readable } from './AdminFrame'

const words = adminCopy.speed.failed

/** The connections to the site that failed in visitors' browsers over the period, per kind in plain words. */
export function FailedConnections({ lines, days }: { lines: NetworkErrorLine[] | null; days: number }) {
  return (
    <AdminSection title={words.title}>
      <p className="field-hint">{words.intro}</p>
      {readable(lines, (rows) => (
        <DataTable
          caption={fillTemplate(words.caption, { days: String(days) })}
          columns={[words.kind, words.count]}
          rows={rows.map((line) => ({
            key: line.group,
            cells: [words.kinds[line.group], line.count.toLocaleString('en-US')],
          }))}
          empty={words.none}
          rowHeader={0}
          long={[0]}
        />
      ))}
    </AdminSection>
  )
}
