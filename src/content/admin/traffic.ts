/** /admin/traffic: views, visitors and leads. */
import type { TrafficDimensionName } from '../../lib/traffic-dimensions'
import type { TrafficRefusal } from '../../schemas/admin-outcomes'

/** Why a traffic page or export refused its query string. */
const refusals = {
  'bad-period': 'Choose a period of 7, 30 or 90 days (?days=7, 30 or 90).',
  'bad-breakdown': 'Choose what to break the figures down by: ?by={choices}.',
} satisfies Record<TrafficRefusal, string>

export const traffic = {
  refusals,
  meta: { title: 'Traffic · Admin', description: 'Views, visitors and leads, counted at the edge.' },
  heading: 'Traffic',
  period: { label: 'Period', days: 'days' },
  totals: {
    title: 'Totals',
    views: 'Views',
    visitors: 'Visitors',
    leads: 'Leads',
    conversion: 'Conversion',
  },
  chart: {
    title: 'Per day',
    description: 'Views, visitors and leads per day (UTC); the table below has the same figures.',
    caption: 'Views, visitors and leads per day (UTC)',
    day: 'Day',
    views: 'Views',
    visitors: 'Visitors',
    leads: 'Leads',
  },
  /** Each traffic dimension's table (lib/traffic-dimensions.ts): its heading and its first column. */
  dimensions: {
    page: { title: 'Top pages', column: 'Page' },
    source: { title: 'Sources', column: 'Source' },
    campaign: { title: 'Campaigns', column: 'Campaign' },
    country: { title: 'Countries', column: 'Country' },
    locale: { title: 'Languages', column: 'Language' },
  } satisfies Record<TrafficDimensionName, { title: string; column: string }>,
  tables: {
    views: 'Views',
    visitors: 'Visitors',
    leads: 'Leads',
    conversion: 'Conversion',
    none: 'Nothing counted in this period.',
  },
  csv: 'Download as CSV',
  campaign: { showing: 'Totals and days of the campaign', all: 'Show all traffic' },
  note: 'Counted at the edge without cookies or scripts: bots, tools and prefetches are left out. A visitor is recognised within one UTC day only, so visitors over a period are the sum of each day’s. Leads are the lead desk’s, spam left out; conversion is leads per visitor.',
}
