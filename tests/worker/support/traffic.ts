/**
 * Traffic as the edge count meets it in tests: a person's browser headers, a context that runs
 * waitUntil work at once, and the synthetic day with a known truth that both stores are checked
 * against (tests/worker/traffic/traffic.test.ts for D1, traffic-analytics-engine.test.ts for Analytics
 * Engine).
 */
import type { TrafficCounter, ViewRequest } from '../../../src/server/traffic/services/traffic'
import type { WaitUntil } from '../../../src/server/platform/wait-until'
import { ORIGIN } from './app'
import { storeLead } from './leads'

export const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36'
export const PERSON = { 'User-Agent': CHROME, Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }

/** Runs waitUntil work at once and lets the test await all of it. */
export function collectingContext() {
  const pending: Promise<unknown>[] = []
  const ctx: WaitUntil = { waitUntil: (promise) => void pending.push(promise) }
  return { ctx, settled: () => Promise.all(pending) }
}

/** What the synthetic day holds: every view a person's, counted by campaign and country. */
export interface DayTruth {
  views: number
  visitors: number
  campaign: Map<string, number>
  country: Map<string, number>
}

const view = (url: string, headers: Record<string, string>, country: string): ViewRequest => ({
  method: 'GET',
  url,
  status: 200,
  headers: new Headers(headers),
  country,
})

/**
 * 5,000 views from 1,000 visitors over 5 pages, 3 referrers, 2 campaigns and 5 countries, then 500
 * bot requests and 200 prerender requests that must not count. `beforeView` runs before each
 * person's view (a test that must let the first write finish awaits it there).
 */
export async function playSyntheticDay(
  counter: TrafficCounter,
  ctx: WaitUntil,
  beforeView: (i: number) => Promise<void> | void = () => {},
): Promise<DayTruth> {
  const pages = ['/', '/about-us', '/gaming', '/try-on', '/blog']
  const campaigns = ['spring', 'summer', null, null]
  const countries = ['GB', 'US', 'IN', 'DE', 'JP']
  const referrers = ['https://www.google.com/search', 'https://www.linkedin.com/feed', null]
  const truth: DayTruth = { views: 0, visitors: 1000, campaign: new Map(), country: new Map() }
  for (let i = 0; i < 5000; i++) {
    await beforeView(i)
    const visitor = i % 1000
    const campaign = campaigns[visitor % campaigns.length]
    const country = countries[visitor % countries.length]!
    const url = `${ORIGIN}${pages[i % pages.length]}${campaign ? `?utm_source=ads&utm_campaign=${campaign}` : ''}`
    counter.record(
      view(url, { ...PERSON, 'CF-Connecting-IP': `10.${visitor >> 8}.${visitor & 255}.1` }, country),
      referrers[visitor % referrers.length] ?? null,
      ctx,
    )
    truth.views++
    if (campaign) truth.campaign.set(campaign, (truth.campaign.get(campaign) ?? 0) + 1)
    truth.country.set(country, (truth.country.get(country) ?? 0) + 1)
  }
  for (let i = 0; i < 500; i++) {
    const bot = { ...PERSON, 'User-Agent': 'Mozilla/5.0 (compatible; bingbot/2.0)' }
    counter.record(view(`${ORIGIN}/`, { ...bot, 'CF-Connecting-IP': `192.0.2.${i % 250}` }, 'US'), null, ctx)
  }
  for (let i = 0; i < 200; i++) {
    const prerender = { ...PERSON, 'Sec-Purpose': 'prefetch;prerender', 'CF-Connecting-IP': '10.0.0.1' }
    counter.record(view(`${ORIGIN}/gaming`, prerender, 'GB'), null, ctx)
  }
  return truth
}

/** The day's leads: 12 from the spring campaign on /, 3 without attribution, and 1 spam that never counts. */
export async function storeDayLeads(): Promise<void> {
  const spring = { pagePath: '/', referrer: null, utmSource: 'ads', utmMedium: null, utmCampaign: 'spring' }
  for (let i = 0; i < 12; i++) await storeLead({}, undefined, spring)
  for (let i = 0; i < 3; i++) await storeLead({})
  await storeLead({ status: 'spam' }, undefined, spring)
}
