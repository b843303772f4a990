/**
 * The traffic page's figures: the views and visitors counted at the edge (traffic/storage/traffic.ts),
 * joined to the leads the lead desk stored with their attribution (spam left out), so the two
 * always agree. A lead's source is found the way a view's is: utm_source, else the referring
 * host, else "direct". Visitors over a period are the sum of each day's visitors: by design no
 * visitor can be recognised from one day to the next.
 */
import { ok, type Result } from '../../../lib/result'
import {
  TRAFFIC_DIMENSION_NAMES,
  TRAFFIC_DIMENSIONS,
  type LeadAttributionRow,
  type TrafficDimensionName,
} from '../../../lib/traffic-dimensions'
import { csvField } from '../../../lib/csv'
import type { StatusCounts, TrafficReport, TrafficRowSummary } from '../../../schemas/admin-records'
import type { TrafficStore } from '../storage/traffic'

export const TRAFFIC_PERIODS = [7, 30, 90] as const
type TrafficPeriod = (typeof TRAFFIC_PERIODS)[number]
/** What the CSV can be broken down by: the day, or any dimension. */
export const TRAFFIC_BREAKDOWNS = ['day', ...TRAFFIC_DIMENSION_NAMES] as const
export type TrafficBreakdown = 'day' | TrafficDimensionName

const DAY_MS = 24 * 60 * 60 * 1000
const TOP = 20
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The dimensions a lead can be counted in (a lead has no country). */
const byLeads = new Set<string>(TRAFFIC_DIMENSIONS.filter((d) => 'ofLead' in d).map((d) => d.name))

const conversion = (leads: number | null, visitors: number) =>
  leads === null || visitors === 0 ? null : leads / visitors

/** The leads by their attribution, which the report counts beside the views (the leads wing's: leads/http.ts leadsBySource). */
interface LeadCounts {
  attributionSince(since: string): Promise<Result<LeadAttributionRow[]>>
}

export async function trafficReport(
  store: TrafficStore,
  leads: LeadCounts,
  /** A period of TRAFFIC_PERIODS, or 1 for today alone (the overview). */
  days: number,
  now = Date.now(),
  /** Totals and days of this campaign only (the tables stay whole). */
  campaign?: string,
): Promise<Result<TrafficReport>> {
  const to = dayOf(now)
  const from = dayOf(now - (days - 1) * DAY_MS)
  const [rows, attributed] = await Promise.all([
    // Only what the report shows: not a 404's rows, which the redirects' inbox reads.
    store.rows(from, to, ['all', ...TRAFFIC_DIMENSION_NAMES]),
    leads.attributionSince(`${from}T00:00:00.000Z`),
  ])
  if (!rows.ok) return rows
  if (!attributed.ok) return attributed

  const perDay = Array.from({ length: days }, (_, i) => ({
    day: dayOf(now - (days - 1 - i) * DAY_MS),
    views: 0,
    visitors: 0,
    leads: 0,
  }))
  const byDay = new Map(perDay.map((entry) => [entry.day, entry]))
  const tables = Object.fromEntries(TRAFFIC_DIMENSION_NAMES.map((name) => [name, new Map()])) as Record<
    TrafficDimensionName,
    Map<string, TrafficRowSummary>
  >
  const entry = (table: Map<string, TrafficRowSummary>, value: string, withLeads: boolean) => {
    let found = table.get(value)
    if (!found) table.set(value, (found = { value, views: 0, visitors: 0, leads: withLeads ? 0 : null }))
    return found
  }
  const perDayDimension = campaign === undefined ? 'all' : 'campaign'
  for (const row of rows.value) {
    if (row.dimension === perDayDimension && (campaign === undefined || row.value === campaign)) {
      const day = byDay.get(row.day)
      if (day) Object.assign(day, { views: day.views + row.views, visitors: day.visitors + row.visitors })
    }
    if (row.dimension in tables) {
      const dimension = row.dimension as TrafficDimensionName
      const summary = entry(tables[dimension], row.value, byLeads.has(dimension))
      summary.views += row.views
      summary.visitors += row.visitors
    }
  }
  for (const lead of attributed.value) {
    const day = byDay.get(lead.day)
    if (day && (campaign === undefined || lead.utmCampaign === campaign)) day.leads += lead.n
    for (const dimension of TRAFFIC_DIMENSIONS) {
      const value = 'ofLead' in dimension ? dimension.ofLead(lead) : null
      if (value) entry(tables[dimension.name], value, true).leads! += lead.n
    }
  }
  const sorted = (table: Map<string, TrafficRowSummary>) =>
    [...table.values()]
      .map((row) => ({ ...row, conversion: conversion(row.leads, row.visitors) }))
      .sort((a, b) => b.views - a.views || (b.leads ?? 0) - (a.leads ?? 0) || a.value.localeCompare(b.value))
  const views = perDay.reduce((n, d) => n + d.views, 0)
  const visitors = perDay.reduce((n, d) => n + d.visitors, 0)
  const leadCount = perDay.reduce((n, d) => n + d.leads, 0)
  return ok({
    days,
    campaign,
    from,
    to,
    totals: { views, visitors, leads: leadCount, conversion: conversion(leadCount, visitors) },
    perDay,
    tables: Object.fromEntries(TRAFFIC_DIMENSION_NAMES.map((name) => [name, sorted(tables[name])])) as Record<
      TrafficDimensionName,
      TrafficRowSummary[]
    >,
    top: TOP,
  })
}

/** A page's figures on the landing pages' list: its views and visitors, form starts and leads. */
export interface PathFigures {
  views: number
  visitors: number
  /** Visitors who started its campaign form, each counted once a day (the start beacon, issue 63). */
  starts: number
  leads: number
}

/**
 * Views, form starts and leads at each of `paths` over the last `days` days (the landing pages'
 * list): the page and form-start rows alone (at most the site's pages a day each) and the leads'
 * day counters, never a lead one by one. A lead counts at the page it was posted from, as the
 * traffic page counts it: on a landing page, its form's sends.
 */
export async function pathFigures(
  store: TrafficStore,
  leads: LeadCounts,
  paths: readonly string[],
  days = 30,
  now = Date.now(),
): Promise<Result<Map<string, PathFigures>>> {
  const from = dayOf(now - (days - 1) * DAY_MS)
  const [rows, attributed] = await Promise.all([
    store.rows(from, dayOf(now), ['page', 'form-start']),
    leads.attributionSince(`${from}T00:00:00.000Z`),
  ])
  if (!rows.ok) return rows
  if (!attributed.ok) return attributed
  const figures = new Map(paths.map((path) => [path, { views: 0, visitors: 0, starts: 0, leads: 0 }]))
  for (const row of rows.value) {
    const found = figures.get(row.value)
    if (found && row.dimension === 'page')
      Object.assign(found, { views: found.views + row.views, visitors: found.visitors + row.visitors })
    if (found && row.dimension === 'form-start') found.starts += row.visitors
  }
  for (const lead of attributed.value) {
    const found = lead.pagePath ? figures.get(lead.pagePath) : undefined
    if (found) found.leads += lead.n
  }
  return ok(figures)
}

/** `/admin/traffic.csv`: a header `<dimension>,views,visitors,leads`, then one row per value. */
export function trafficCsv(report: TrafficReport, by: TrafficBreakdown): string {
  const rows =
    by === 'day'
      ? report.perDay.map((d) => [d.day, d.views, d.visitors, d.leads] as const)
      : report.tables[by].map((r) => [r.value, r.views, r.visitors, r.leads ?? ''] as const)
  // Counts are written as they are; names go through the lead export's quoting and formula guard.
  const lines = [
    `${by},views,visitors,leads`,
    ...rows.map(([value, ...counts]) => [csvField(value), ...counts].join(',')),
  ]
  return '\uFEFF' + lines.join('\r\n') + '\r\n'
}

/** The period a `?days=` asks for (7, 30 or 90), or undefined for anything else. */
export function periodOf(value: string | undefined): TrafficPeriod | undefined {
  return TRAFFIC_PERIODS.find((days) => String(days) === value)
}

/**
 * Today's (UTC) views and leads for the overview: the views from today's traffic rows, the leads
 * (spam left out, as the traffic page counts them) from the lead desk's day counters, so the
 * overview never reads today's leads one by one.
 */
export async function todayFigures(
  store: TrafficStore,
  leads: { counts(now: Date): Promise<Result<StatusCounts>> },
  now = Date.now(),
): Promise<Result<{ views: number; leads: number }>> {
  const none = { attributionSince: async () => ok([]) }
  const [report, counts] = await Promise.all([
    trafficReport(store, none, 1, now),
    leads.counts(new Date(now)),
  ])
  if (!report.ok) return report
  if (!counts.ok) return counts
  const received = Object.entries(counts.value).filter(([status]) => status !== 'spam')
  return ok({ views: report.value.totals.views, leads: received.reduce((n, [, { today }]) => n + today, 0) })
}
