import { AdminSection } from '../../components/admin/AdminShell'
import { DataTable } from '../../components/admin/DataTable'
import { PeriodNav } from '../../components/admin/PeriodNav'
import { TrafficChart } from '../../components/admin/TrafficChart'
import { adminCopy } from '../../content/admin'
import { ADMIN_PATHS } from '../../lib/admin-links'
import { languageName } from '../../lib/language-name'
import { TRAFFIC_DIMENSIONS } from '../../lib/traffic-dimensions'
import type { TrafficReport, TrafficRowSummary } from '../../schemas/admin-records'
import type { PageModule } from '../../schemas/page-module'
import { adminPage, factList, readable, type AdminFrame } from './AdminFrame'

export interface TrafficData extends AdminFrame {
  /** The chosen period's figures, or null when they could not be read. */
  report: TrafficReport | null
  days: number
  periods: readonly number[]
}

const copy = adminCopy.traffic
const t = copy.tables

const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? adminCopy.empty : `${(value * 100).toFixed(1)} %`

/** /admin/traffic: totals, the per-day chart and its table, and a table per dimension (pages, sources, campaigns, countries). */
export function trafficPage({ report, days, periods, ...frame }: TrafficData): PageModule {
  return adminPage(
    'traffic',
    copy,
    frame,
    <>
      <PeriodNav path={ADMIN_PATHS.traffic} periods={periods} days={days} words={copy.period} />
      {readable(report, (r) => (
        <>
          {r.campaign !== undefined ? (
            <p className="traffic-filter">
              {copy.campaign.showing} <strong>{r.campaign}</strong>.{' '}
              <a href={trafficHref(r.days)} className="text-link">
                {copy.campaign.all}
              </a>
            </p>
          ) : null}
          <AdminSection title={copy.totals.title}>
            {factList([
              [copy.totals.views, r.totals.views],
              [copy.totals.visitors, r.totals.visitors],
              [copy.totals.leads, r.totals.leads],
              [copy.totals.conversion, percent(r.totals.conversion)],
            ])}
            <p className="field-hint">{copy.note}</p>
          </AdminSection>
          <AdminSection title={copy.chart.title}>
            <TrafficChart perDay={r.perDay} copy={copy.chart} />
            <DataTable
              caption={copy.chart.caption}
              columns={[copy.chart.day, copy.chart.views, copy.chart.visitors, copy.chart.leads]}
              rows={[...r.perDay]
                .reverse()
                .map((d) => ({ key: d.day, cells: [d.day, d.views, d.visitors, d.leads] }))}
              rowHeader={0}
            />
            <CsvLink days={r.days} by="day" />
          </AdminSection>
          {TRAFFIC_DIMENSIONS.map((dimension) => (
            <Breakdown
              key={dimension.name}
              title={copy.dimensions[dimension.name].title}
              column={copy.dimensions[dimension.name].column}
              rows={r.tables[dimension.name]}
              top={r.top}
              days={r.days}
              by={dimension.name}
              link={'narrows' in dimension ? (value) => trafficHref(r.days, value) : undefined}
              named={dimension.name === 'locale' ? languageName : undefined}
            />
          ))}
        </>
      ))}
    </>,
  )
}

/** The traffic page for a period, narrowed to a campaign or not. */
const trafficHref = (days: number, campaign?: string) =>
  `${ADMIN_PATHS.traffic}?days=${days}${campaign === undefined ? '' : `&campaign=${encodeURIComponent(campaign)}`}`

function CsvLink({ days, by }: { days: number; by: string }) {
  return (
    <a href={`${ADMIN_PATHS.trafficCsv}?days=${days}&by=${by}`} className="text-link" download>
      {copy.csv} ({by})
    </a>
  )
}

interface BreakdownProps {
  title: string
  column: string
  rows: TrafficRowSummary[]
  top: number
  days: number
  by: string
  /** Where a row's name links to (campaigns: that campaign's days). */
  link?: (value: string) => string
  /** A row's name in words, where its value is a code (a locale's: "German"). */
  named?: (value: string) => string
}

function Breakdown({ title, column, rows, top, days, by, link, named = (value) => value }: BreakdownProps) {
  return (
    <AdminSection title={title}>
      <DataTable
        caption={title}
        columns={[column, t.views, t.visitors, t.leads, t.conversion]}
        rows={rows.slice(0, top).map((row) => ({
          key: row.value,
          cells: [
            link ? (
              <a href={link(row.value)} className="text-link">
                {row.value}
              </a>
            ) : (
              named(row.value)
            ),
            row.views,
            row.visitors,
            row.leads ?? adminCopy.empty,
            percent(row.conversion),
          ],
        }))}
        empty={t.none}
        rowHeader={0}
        long={[0]}
        stack
      />
      <CsvLink days={days} by={by} />
    </AdminSection>
  )
}
