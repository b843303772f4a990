/**
 * The breakdowns of traffic, each defined once: its name (also its CSV header, its `?by=` value
 * and the `dimension` value of a D1 row), how a page view gives its value, how a lead's
 * attribution gives one, its blob in an Analytics Engine data point, and whether a day caps its
 * values (as it caps a 404's two rows, NOT_FOUND_ROWS, below). Its console words are
 * content/admin/traffic.ts `dimensions[name]`, which TypeScript requires for every name.
 *
 * A new dimension touches this table, its words, and the README's figures if it wants them: the
 * counter, both stores, the report, the page and the CSV all read this table.
 */

import { localeOfPath } from './locales'

/** What a view says about itself, as the dimensions read it. */
export interface ViewFacts {
  url: URL
  /** The path of the page served: the route's own, however the request spelled it (review U2). */
  page: string
  referrer: string | null
  /** The visitor's country as the edge sees it (`request.cf.country`). */
  country: string | undefined
}

/** Where a lead came from (its attribution), as the dimensions read it. */
export interface LeadFacts {
  pagePath: string | null
  referrer: string | null
  utmSource: string | null
  utmCampaign: string | null
  /** The locale of the page the form was sent from (a registry code). */
  locale: string
}

/** The leads of one day from one place, which the leads wing counts (the traffic report and the landing pages' list read them). */
export interface LeadAttributionRow extends LeadFacts {
  day: string
  /** How many leads that day came from there. */
  n: number
}

export interface TrafficDimension<Name extends string = string> {
  name: Name
  /** Its value for a view of a page; undefined when the view does not count for it. */
  ofView: (view: ViewFacts) => string | undefined
  /** Its value for a lead; absent where leads cannot be told apart by it (a lead has no country). */
  ofLead?: (lead: LeadFacts) => string | null
  /** The blob holding its value in an Analytics Engine data point (1 is the day, 2 the kind). */
  blob: 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20
  /** A view may have no value for it (ofView gives undefined): such views do not count for it. */
  optional?: boolean
  /** Its rows link to the traffic page narrowed to one value (`?campaign=`). */
  narrows?: boolean
  /**
   * A day keeps only so many of its values (server/traffic/storage/traffic.ts capOf): free text
   * (what a visitor's link names), capped per day and per client; or the site's pages, capped per
   * day. Absent: a small closed set (countries), never capped.
   */
  capped?: 'free-text' | 'pages'
}

/** A view's or a lead's source: utm_source, else the referring host, else "direct". */
const sourceOf = (utmSource: string | null | undefined, referrer: string | null) =>
  (utmSource || (referrer ? URL.parse(referrer)?.hostname : undefined) || 'direct').toLowerCase()

export const TRAFFIC_DIMENSIONS = [
  {
    name: 'page',
    ofView: ({ page }) => page,
    ofLead: (lead) => lead.pagePath,
    blob: 3,
    capped: 'pages',
  },
  {
    name: 'source',
    ofView: ({ url, referrer }) => sourceOf(url.searchParams.get('utm_source'), referrer),
    ofLead: (lead) => sourceOf(lead.utmSource, lead.referrer),
    blob: 4,
    capped: 'free-text',
  },
  {
    name: 'campaign',
    ofView: ({ url }) => url.searchParams.get('utm_campaign') || undefined,
    ofLead: (lead) => lead.utmCampaign,
    blob: 5,
    optional: true,
    narrows: true,
    capped: 'free-text',
  },
  {
    name: 'country',
    ofView: ({ country }) => country || 'unknown',
    blob: 6,
  },
  {
    // The locale of the page served (its prefix, lib/locales.ts), and of the page a lead was sent
    // from: the registry's few codes, so never capped.
    name: 'locale',
    ofView: ({ page }) => localeOfPath(page),
    ofLead: (lead) => lead.locale,
    blob: 7,
  },
] as const satisfies readonly TrafficDimension<'page' | 'source' | 'campaign' | 'country' | 'locale'>[]

export type TrafficDimensionName = (typeof TRAFFIC_DIMENSIONS)[number]['name']

export const TRAFFIC_DIMENSION_NAMES = TRAFFIC_DIMENSIONS.map((d) => d.name) as TrafficDimensionName[]

/**
 * A 404's two rows, counted beside the dimensions but no breakdown of the traffic page (the
 * redirects' 404 inbox reads them): the missed path, and the path with the page that linked to it.
 */
export const NOT_FOUND_ROWS = [
  { name: 'not-found', capped: 'free-text' },
  { name: 'not-found-from', capped: 'free-text' },
] as const satisfies readonly Required<Pick<TrafficDimension, 'name' | 'capped'>>[]

export type NotFoundRowName = (typeof NOT_FOUND_ROWS)[number]['name']

/**
 * A campaign form's first input (issue 63), by the landing page's path: counted beside the views
 * as a 404 is, never a view itself; its visitors are the page's form starts. Only a landing page's
 * path is one (the page table's), so a day keeps at most the site's pages of it.
 */
export const FORM_START_ROW = { name: 'form-start', capped: 'pages' } as const

export type FormStartRowName = typeof FORM_START_ROW.name
