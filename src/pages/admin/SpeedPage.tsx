import { AdminSection } from '../../components/admin/AdminShell'
import { DataTable } from '../../components/admin/DataTable'
import { PeriodNav } from '../../components/admin/PeriodNav'
import { SpeedChart } from '../../components/admin/SpeedChart'
import { SpeedCell, speedValue } from '../../components/admin/SpeedRating'
import { adminCopy } from '../../content/admin'
import { ADMIN_PATHS } from '../../lib/admin-links'
import { fillTemplate } from '../../lib/template'
import type { PageModule } from '../../schemas/page-module'
import {
  SPEED_METRICS,
  type CruxRecord,
  type NetworkErrorLine,
  type SpeedLine,
  type SpeedMetric,
  type SpeedReport,
} from '../../schemas/speed'
import { adminPage, readable, type AdminFrame } from './AdminFrame'
import { FailedConnections } from './SpeedFailedConnections'

export interface SpeedData extends AdminFrame {
  /** The figures, or null when they could not be read. */
  report: SpeedReport | null
  /** 7 or 28: which of each line's figures the tables show. */
  days: number
  periods: readonly number[]
  /** Google's 28-day view (CrUX) as last read: the origin's and pages'; empty without CRUX_API_KEY. */
  crux: CruxRecord[]
  /** The connections that failed over the period, per kind (NEL), or null when they could not be read. */
  networkErrors: NetworkErrorLine[] | null
}

const copy = adminCopy.speed
const names = SPEED_METRICS.map((metric) => copy.metrics[metric].name)

/** /admin/speed: the whole site, its 7-day figures per day as charts, and a table per page, device and region. */
export function speedPage({ report, days, periods, crux, networkErrors, ...frame }: SpeedData): PageModule {
  const pick = (line: SpeedLine) => (days === 7 ? line.week : line.month)
  return adminPage(
    'speed',
    copy,
    frame,
    <>
      <PeriodNav path={ADMIN_PATHS.speed} periods={periods} days={days} words={copy.period} />
      <p className="field-hint">{copy.intro}</p>
      <ul className="speed-about">
        {SPEED_METRICS.map((metric) => (
          <li key={metric}>{copy.metrics[metric].about}</li>
        ))}
      </ul>
      <p className="field-hint">{copy.thresholds}</p>
      {readable(report, (r) => (
        <>
          <AdminSection title={copy.site.title}>
            <DataTable
              caption={fillTemplate(copy.site.caption, { days })}
              columns={[copy.site.measure, ...names]}
              rows={[
                {
                  key: 'site',
                  cells: [
                    copy.site.row,
                    ...SPEED_METRICS.map((metric) => (
                      <SpeedCell key={metric} metric={metric} figure={pick(r.site)[metric]} words={copy} />
                    )),
                  ],
                },
              ]}
              rowHeader={0}
              stack
            />
          </AdminSection>
          <AdminSection title={copy.chart.title}>
            {SPEED_METRICS.map((metric) => (
              <SpeedChart
                key={metric}
                metric={metric}
                perDay={r.perDay}
                copy={{
                  title: fillTemplate(copy.chart.each, { name: copy.metrics[metric].name }),
                  description: copy.chart.description,
                  line: copy.metrics[metric].name,
                  ratings: copy.ratings,
                }}
              />
            ))}
            <DataTable
              caption={copy.chart.caption}
              columns={[copy.chart.day, ...names]}
              rows={[...r.perDay].reverse().map((d) => ({
                key: d.day,
                cells: [
                  d.day,
                  ...SPEED_METRICS.map((metric) => {
                    const p75 = d.figures[metric].p75
                    return p75 === null ? copy.notEnough : speedValue(metric, p75)
                  }),
                ],
              }))}
              rowHeader={0}
            />
          </AdminSection>
          <Breakdown which="pages" lines={r.pages} pick={pick} name={(value) => value} />
          <Breakdown
            which="devices"
            lines={r.devices}
            pick={pick}
            name={(value) => copy.devices[value] ?? value}
          />
          <Breakdown
            which="regions"
            lines={r.regions}
            pick={pick}
            name={(value) => copy.regions[value] ?? value}
          />
          {crux.length ? <GoogleView records={crux} report={r} /> : null}
          <p className="field-hint">{copy.note}</p>
        </>
      ))}
      <FailedConnections lines={networkErrors} days={days} />
    </>,
  )
}

interface BreakdownProps {
  which: 'pages' | 'devices' | 'regions'
  lines: SpeedLine[]
  pick: (line: SpeedLine) => SpeedLine['week']
  name: (value: string) => string
}

function Breakdown({ which, lines, pick, name }: BreakdownProps) {
  const { title, column } = copy.tables[which]
  return (
    <AdminSection title={title}>
      <DataTable
        caption={title}
        columns={[column, ...names]}
        rows={lines.map((line) => ({
          key: line.value,
          cells: [
            name(line.value),
            ...SPEED_METRICS.map((metric) => (
              <SpeedCell key={metric} metric={metric} figure={pick(line)[metric]} words={copy} />
            )),
          ],
        }))}
        empty={copy.tables.none}
        rowHeader={0}
        long={[0]}
        stack
      />
    </AdminSection>
  )
}

/** A difference of ours from Google's, signed, in the metric's unit. */
function difference(metric: SpeedMetric, ours: number, google: number): string {
  const delta = ours - google
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '±'
  return `${sign}${speedValue(metric, Math.abs(delta))}`
}

/** Google's 28-day view of the origin and each page it has, beside ours over the last 28 days. */
function GoogleView({ records, report }: { records: CruxRecord[]; report: SpeedReport }) {
  const words = copy.crux
  const ours = (target: string) =>
    target === 'origin' ? report.site : report.pages.find((line) => line.value === target)
  const first = records[0]
  return (
    <AdminSection title={words.title}>
      <p className="field-hint">
        {fillTemplate(words.intro, { from: first?.firstDay ?? '', to: first?.lastDay ?? '' })}
      </p>
      <DataTable
        caption={words.caption}
        columns={[copy.tables.pages.column, ...names]}
        rows={records.map((record) => ({
          key: record.target,
          cells: [
            record.target === 'origin' ? words.origin : record.target,
            ...SPEED_METRICS.map((metric) => {
              const google = record[metric]
              const mine = ours(record.target)?.month[metric].p75 ?? null
              if (google === null) return words.none
              const text = fillTemplate(words.cell, {
                google: speedValue(metric, google),
                ours: mine === null ? copy.notEnough : speedValue(metric, mine),
              })
              return mine === null ? text : `${text} (${difference(metric, mine, google)})`
            }),
          ],
        }))}
        rowHeader={0}
        long={[0]}
        stack
      />
    </AdminSection>
  )
}
