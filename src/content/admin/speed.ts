/** /admin/speed: how fast the site is for real visitors (issue 62). */
import type { NetworkErrorGroup, Rating, SpeedMetric } from '../../schemas/speed'

export const speed = {
  meta: {
    title: 'Speed · Admin',
    description: 'How fast the site is for real visitors, measured in their browsers.',
  },
  heading: 'Speed',
  period: { label: 'Period', days: 'days' },
  refusal: 'Choose a period of 7 or 28 days (?days=7 or 28).',
  intro:
    'Measured in real visitors’ browsers, with no cookie: how long each page took to show its main content, to answer a tap or click, and how much it jumped about while loading. Each figure is what three visitors in four got or better, with the number of views it is read from.',
  metrics: {
    LCP: {
      name: 'Loading',
      about: 'Loading: how long until the page’s main content shows (Google calls it LCP).',
    },
    INP: {
      name: 'Response',
      about: 'Response: how long the page takes to react to a tap, click or key (INP).',
    },
    CLS: {
      name: 'Stability',
      about: 'Stability: how much the page jumps about while it loads; 0 is still (CLS).',
    },
  } satisfies Record<SpeedMetric, { name: string; about: string }>,
  ratings: {
    good: 'good',
    'needs-improvement': 'needs improvement',
    poor: 'poor',
  } satisfies Record<Rating, string>,
  thresholds:
    'Google’s marks: loading good up to 2.5 s and poor over 4 s; response good up to 200 ms and poor over 500 ms; stability good up to 0.1 and poor over 0.25.',
  notEnough: 'not enough data',
  views: '{count} views',
  site: {
    title: 'The whole site',
    caption: 'The whole site over the last {days} days',
    measure: 'Pages',
    row: 'Every page',
  },
  chart: {
    title: 'Over time',
    each: '{name} per day: what three visitors in four got over the 7 days up to that day',
    description:
      'One line a day; the shaded bands are Google’s good, needs improvement and poor. A gap is a day with too few views. The table below has the same figures.',
    caption: 'The whole site per day (UTC), each day read over the 7 days up to it',
    day: 'Day',
  },
  tables: {
    pages: { title: 'Pages', column: 'Page' },
    devices: { title: 'Devices', column: 'Device' },
    regions: { title: 'Where visitors are', column: 'Region' },
    none: 'No views measured in this period.',
  },
  devices: { phone: 'Phones', tablet: 'Tablets', desktop: 'Computers' } as Record<string, string>,
  regions: {
    AF: 'Africa',
    AN: 'Antarctica',
    AS: 'Asia',
    EU: 'Europe',
    NA: 'North America',
    OC: 'Oceania',
    SA: 'South America',
    unknown: 'Not known',
  } as Record<string, string>,
  crux: {
    title: 'Google’s 28-day view',
    intro:
      'What Google’s Chrome report measured on the same pages over its own 28 days ({from} to {to}, Chrome visitors only), beside ours over the last 28 days. A page Google has too few visitors for is left out.',
    caption: 'Google’s figures beside ours, 28 days',
    origin: 'The whole site',
    cell: 'Google {google}, ours {ours}',
    none: 'none',
  },
  failed: {
    title: 'Connections that failed',
    intro:
      'Visitors’ browsers tell us on their own when they could not reach the site at all, so these are visits no other figure on this page can count. Only Chrome, Edge and other Chromium browsers report them.',
    caption: 'Connections that failed over the last {days} days',
    kind: 'What went wrong',
    count: 'Times',
    none: 'none reported',
    kinds: {
      dns: 'the address could not be found (DNS)',
      reset: 'the connection was reset',
      timeout: 'the connection took too long',
      refused: 'the connection could not be opened',
      secure: 'a secure connection could not be made',
      'error-answer': 'the site answered with an error',
      'bad-answer': 'the site’s answer could not be read',
      abandoned: 'the visitor left before the page arrived',
      other: 'something else went wrong',
    } satisfies Record<NetworkErrorGroup, string>,
  },
  note: 'Only a share of views is measured, and Firefox and older browsers report no response or stability figures, so each measure has its own count. Figures from fewer than 100 views are not shown, as Google does not show them either.',
}
