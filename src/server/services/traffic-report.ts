/**
 * The traffic page's figures: the views and visitors counted at the edge (storage/traffic.ts),
 * joined to the leads the lead desk stored with their attribution (spam left out), so the two
 * always agree. A lead's source is found the way a view's is: utm_source, else the referring
 * host, else "direct". Visitors over a period are the sum of each day's visitors: by design no
 * visitor can be recognised from one day to the next.
 */
import { ok, type Result } from '../../lib/result'
import type { TrafficReport, TrafficRowSummary } from '../../schemas/admin-records'
import type { LeadAttributionRow } from '../storage/lead-queries'
import type { TrafficStore } from '../storage/traffic'
import { csvField } from './lead-export'

export const TRAFFIC_PERIODS = [7, 30, 90] as const
export type TrafficPeriod = (typeof TRAFFIC_PERIODS)[number]
export const TRAFFIC_BREAKDOWNS = ['day', 'page', 'source', 'campaign', 'country'] as const
export type TrafficBreakdown = (typeof TRAFFIC_BREAKDOWNS)[number]

const DAY_MS = 24 * 60 * 60 * 1000
const TOP = 20
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** A lead's value for a breakdown, found as a view's is (services/traffic.ts viewValues). */
function leadValue(
  lead: LeadAttributionRow,
  by: Exclude<TrafficBreakdown, 'day' | 'country'>,
): string | null {
  if (by === 'page') return lead.pagePath
  if (by === 'campaign') return lead.utmCampaign
  const host = lead.referrer ? URL.parse(lead.referrer)?.hostname : undefined
  return (lead.utmSource || host || 'direct').toLowerCase()
}

const conversion = (leads: number | null, visitors: number) =>
  leads === null || visitors === 0 ? null : leads / visitors

export async function trafficReport(
  store: TrafficStore,
  leads: { attributionSince(since: string): Promise<Result<LeadAttributionRow[]>> },
  /** A period of TRAFFIC_PERIODS, or 1 for today alone (the overview). */
  days: number,
  now = Date.now(),
  /** Totals and days of this campaign only (the tables stay whole). */
  campaign?: string,
): Promise<Result<TrafficReport>> {
  const to = dayOf(now)
  const from = dayOf(now - (days - 1) * DAY_MS)
  const [rows, attributed] = await Promise.all([
    store.rows(from, to),
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
  const tables = {
    page: new Map<string, TrafficRowSummary>(),
    source: new Map(),
    campaign: new Map(),
    country: new Map(),
  } as Record<'page' | 'source' | 'campaign' | 'country', Map<string, TrafficRowSummary>>
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
    if (row.dimension !== 'all' && row.dimension !== 'not-found') {
      const summary = entry(tables[row.dimension], row.value, row.dimension !== 'country')
      summary.views += row.views
      summary.visitors += row.visitors
    }
  }
  for (const lead of attributed.value) {
    const day = byDay.get(lead.day)
    if (day && (campaign === undefined || lead.utmCampaign === campaign)) day.leads += 1
    for (const by of ['page', 'source', 'campaign'] as const) {
      const value = leadValue(lead, by)
      if (value) entry(tables[by], value, true).leads! += 1
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
    pages: sorted(tables.page),
    sources: sorted(tables.source),
    campaigns: sorted(tables.campaign),
    countries: sorted(tables.country),
    top: TOP,
  })
}

/** `/admin/traffic.csv`: a header `<dimension>,views,visitors,leads`, then one row per value. */
export function trafficCsv(report: TrafficReport, by: TrafficBreakdown): string {
  const rows =
    by === 'day'
      ? report.perDay.map((d) => [d.day, d.views, d.visitors, d.leads] as const)
      : { page: report.pages, source: report.sources, campaign: report.campaigns, country: report.countries }[
          by
        ].map((r) => [r.value, r.views, r.visitors, r.leads ?? ''] as const)
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
