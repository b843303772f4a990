/**
 * Sales list a campaign's leads (issue 57 item 9, migrations/0040): the list filters by the page a
 * lead was sent from and by its campaign, from menus of the pages and campaigns leads came from;
 * the filter stays in the list's address, in Previous and Next, in the way back from a lead, in
 * the export and in its file name; a search finds a landing page's address or a campaign's name.
 */
import { describe, expect, it } from 'vitest'
import type { Attribution } from '../../../src/server/leads/storage/lead-model'
import {
  adminGet,
  adminPost,
  env,
  leadRecord,
  newLeadContent,
  storeLead,
  tableRows,
  visibleText,
} from '../support'

const LIST = 'Leads, newest first'
const FAIR = '/lp/retail-fair-2027'
const HOME = '/'
const from = (pagePath: string | null, utmCampaign: string | null): Attribution => ({
  pagePath,
  referrer: null,
  utmSource: utmCampaign ? 'newsletter' : null,
  utmMedium: null,
  utmCampaign,
})
/** The names in the list, top to bottom. */
const namesIn = (html: string) => tableRows(html, LIST).map((row) => row[1])
const linkTo = (html: string, rel: 'prev' | 'next') =>
  (new RegExp(`href="([^"]+)" rel="${rel}"`).exec(html)?.[1] ?? '').replaceAll('&amp;', '&')
/** A select's options (value and words), from the page's HTML. */
function optionsOf(html: string, name: string): string[] {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? ''
  return [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map(([, value]) => value!)
}

/**
 * Four leads a page and campaign each, oldest first: the fair's page from the spring and the
 * autumn campaign, and the home page from each; one lead with neither.
 */
async function seed() {
  const start = Date.now() - 60 * 60_000
  let i = 0
  const at = () => ({ status: 'delivered' as const, receivedAt: new Date(start + i++ * 1000).toISOString() })
  const made = {
    fairSpring: await storeLead(at(), newLeadContent(), from(FAIR, 'spring-fair')),
    homeSpring: await storeLead(at(), newLeadContent(), from(HOME, 'spring-fair')),
    fairAutumn: await storeLead(at(), newLeadContent(), from(FAIR, 'autumn_launch')),
    homeAutumn: await storeLead(at(), newLeadContent(), from(HOME, 'autumn_launch')),
    none: await storeLead(at(), newLeadContent(), from(null, null)),
  }
  return Object.fromEntries(Object.entries(made).map(([key, lead]) => [key, lead.content.name])) as Record<
    keyof typeof made,
    string
  >
}

describe('the lead list by page and campaign', () => {
  it('offers the pages and campaigns leads came from, and filters by each, counting exactly', async () => {
    const names = await seed()
    const { body } = await adminGet('/admin/leads')
    expect(optionsOf(body, 'path')).toEqual(['', HOME, FAIR])
    expect(optionsOf(body, 'campaign')).toEqual(['', 'autumn_launch', 'spring-fair'])
    expect(visibleText(body)).toContain('Sent from page')

    const list = async (query: string) => (await adminGet(`/admin/leads?${query}`)).body
    const fair = await list(`path=${encodeURIComponent(FAIR)}`)
    expect(namesIn(fair)).toEqual([names.fairAutumn, names.fairSpring])
    expect(visibleText(fair)).toContain('2 leads')
    // The menu shows the filter chosen.
    expect(fair).toMatch(new RegExp(`<option value="${FAIR}" selected="">`))
    expect(namesIn(await list('path=%2F'))).toEqual([names.homeAutumn, names.homeSpring])
    expect(namesIn(await list('campaign=spring-fair'))).toEqual([names.homeSpring, names.fairSpring])
    expect(namesIn(await list('campaign=autumn_launch'))).toEqual([names.homeAutumn, names.fairAutumn])
    expect(namesIn(await list(`path=${encodeURIComponent(FAIR)}&campaign=autumn_launch`))).toEqual([
      names.fairAutumn,
    ])
    // With a status, and a status none of them has.
    expect(namesIn(await list('campaign=spring-fair&status=delivered'))).toHaveLength(2)
    expect(tableRows(await list('campaign=spring-fair&status=dead'), LIST)).toEqual([['No lead matches.']])
    // A campaign no lead has finds none; a part of a name is no campaign.
    expect(tableRows(await list('campaign=spring'), LIST)).toEqual([['No lead matches.']])
  })

  it('keeps the filter from the form in the address, the export link and the way back from a lead', async () => {
    const names = await seed()
    const { response } = await adminPost('/admin/leads', { path: FAIR, campaign: 'spring-fair', status: '' })
    expect(response.status).toBe(303)
    const address = response.headers.get('Location')!
    expect(address).toBe(`/admin/leads?path=${encodeURIComponent(FAIR)}&campaign=spring-fair`)
    const { body } = await adminGet(address)
    expect(namesIn(body)).toEqual([names.fairSpring])
    const exportHref = /href="(\/admin\/leads\.csv[^"]*)"/.exec(body)![1]!.replaceAll('&amp;', '&')
    expect(exportHref).toBe(`/admin/leads.csv?path=${encodeURIComponent(FAIR)}&campaign=spring-fair`)
    const lead = /href="(\/admin\/leads\/[^"?]+\?list=[^"]+)"/.exec(body)![1]!.replaceAll('&amp;', '&')
    const back = /href="(\/admin\/leads\?[^"]+)"/
      .exec((await adminGet(lead)).body)?.[1]
      ?.replaceAll('&amp;', '&')
    expect(back).toBe(address)
  })

  it('exports only the filtered leads, in a file named after the page and campaign', async () => {
    const names = await seed()
    const { response, body } = await adminGet(
      `/admin/leads.csv?path=${encodeURIComponent(FAIR)}&campaign=autumn_launch`,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="leads-all-page-lp-retail-fair-2027-campaign-autumn-launch-\d{4}-\d\d-\d\d\.csv"$/,
    )
    const lines = body.trimEnd().split('\r\n').slice(1)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(names.fairAutumn)
    const home = await adminGet('/admin/leads.csv?path=%2F&status=delivered')
    expect(home.response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="leads-delivered-page-home-\d{4}-\d\d-\d\d\.csv"$/,
    )
    expect(home.body.trimEnd().split('\r\n')).toHaveLength(3)
    // The activity log, never erased, keeps the page but not the campaign's name, which may be a person's.
    const { results } = await env.DB.prepare(
      "SELECT detail FROM activity WHERE action = 'leads-exported' ORDER BY id",
    ).all<{ detail: string }>()
    expect(results.map((row) => row.detail)).toEqual([
      `status all, page ${FAIR}, a campaign (not kept)`,
      'status delivered, page /',
    ])
  })

  it('pages a campaign 50 at a time, keeping its filter in Previous and Next', async () => {
    const start = Date.now() - 60 * 60_000
    const names: string[] = []
    for (let i = 0; i < 53; i++) {
      const lead = await storeLead(
        { status: 'dead', receivedAt: new Date(start + i * 1000).toISOString() },
        newLeadContent(),
        from(FAIR, 'spring-fair'),
      )
      names.unshift(lead.content.name)
    }
    await storeLead({ status: 'dead' }, newLeadContent(), from(FAIR, 'autumn_launch'))
    const first = await adminGet('/admin/leads?campaign=spring-fair')
    expect(namesIn(first.body)).toEqual(names.slice(0, 50))
    expect(visibleText(first.body)).toContain('Page 1 of 2 · 53 leads')
    const next = linkTo(first.body, 'next')
    expect(next).toMatch(/^\/admin\/leads\?campaign=spring-fair&page=2&older=/)
    const second = await adminGet(next)
    expect(namesIn(second.body)).toEqual(names.slice(50))
    expect(second.body).toContain('href="/admin/leads?campaign=spring-fair" rel="prev"')
  })

  it('finds leads by a landing page’s address or a campaign’s name typed into search', async () => {
    const names = await seed()
    const search = async (q: string) =>
      namesIn((await adminGet(`/admin/leads?q=${encodeURIComponent(q)}`)).body)
    expect(await search('retail-fair-2027')).toEqual([names.fairAutumn, names.fairSpring])
    expect(await search('autumn_launch')).toEqual([names.homeAutumn, names.fairAutumn])
    expect(await search('spring-fair')).toEqual([names.homeSpring, names.fairSpring])
    // A facet's word is no search word.
    expect(tableRows((await adminGet('/admin/leads?q=campaign')).body, LIST)).toEqual([['No lead matches.']])
  })

  it('lists an erased lead under no page or campaign, as the privacy policy promises, and finds it by none', async () => {
    const { id, content } = await storeLead({ status: 'dead' }, newLeadContent(), from(FAIR, 'spring-fair'))
    const kept = await storeLead({ status: 'dead' }, newLeadContent(), from(FAIR, 'spring-fair'))
    expect((await adminPost(`/admin/leads/${id}/erase`)).response.status).toBe(303)
    expect(await leadRecord(id)).toMatchObject({ name: null, pagePath: null, utmCampaign: null })
    const { body } = await adminGet('/admin/leads?campaign=spring-fair')
    expect(namesIn(body)).toEqual([kept.content.name])
    expect(visibleText(body)).toContain('1 lead')
    expect(body).not.toContain(content.name)
    expect(namesIn((await adminGet(`/admin/leads?path=${encodeURIComponent(FAIR)}`)).body)).toEqual([
      kept.content.name,
    ])
    expect(namesIn((await adminGet('/admin/leads?q=retail-fair-2027')).body)).toEqual([kept.content.name])
    const none = async (query: string) => tableRows((await adminGet(`/admin/leads?${query}`)).body, LIST)
    expect(await none('q=retail-fair-2027&status=erased')).toEqual([['No lead matches.']])
    expect(await none(`q=${content.name.split(' ').at(-1)!}`)).toEqual([['No lead matches.']])
    // Still in the list, under no page or campaign.
    expect(namesIn((await adminGet('/admin/leads?status=erased')).body)).toEqual(['Erased lead'])
    await env.DB.prepare("INSERT INTO lead_search (lead_search, rank) VALUES ('integrity-check', 0)").run()
  })

  it('keeps the pages’ and campaigns’ counters equal to a count of the table through every change', async () => {
    await seed()
    const one = await storeLead({ status: 'dead' }, newLeadContent(), from(FAIR, 'spring-fair'))
    await adminPost(`/admin/leads/${one.id}/erase`)
    await env.DB.prepare(
      "UPDATE leads SET utm_campaign = 'moved', status = 'held' WHERE page_path = '/'",
    ).run()
    await env.DB.prepare("DELETE FROM leads WHERE utm_campaign = 'autumn_launch'").run()
    const counted = async (sql: string) => (await env.DB.prepare(sql).all()).results
    expect(
      await counted(
        'SELECT page_path, utm_campaign, status, delivered_via, n FROM lead_source_totals WHERE n > 0 ORDER BY 1, 2, 3, 4',
      ),
    ).toEqual(
      await counted(
        `SELECT COALESCE(page_path, '') AS page_path, COALESCE(utm_campaign, '') AS utm_campaign, status,
           COALESCE(delivered_via, '') AS delivered_via, COUNT(*) AS n FROM leads GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
      ),
    )
    // And the index still finds what the table holds.
    expect(namesIn((await adminGet('/admin/leads?campaign=moved')).body)).toHaveLength(2)
    await env.DB.prepare("INSERT INTO lead_search (lead_search, rank) VALUES ('integrity-check', 0)").run()
  })
})
