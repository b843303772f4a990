/**
 * Field speed (issue 62), the browser side's setting: the share of views whose inline script loads
 * the speed reporter. An admin changes it on the settings page; every page's one inline script
 * carries it at once (cached pages included); 0 leaves the reporter out; the script stays within
 * its 450 bytes; only an admin may change it, and only to a whole percent.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { PAGE_SCRIPT_BUDGET, pageScript } from '../../../src/lib/page-script'
import { PRERENDER_VIEW_SCRIPT } from '../../../src/lib/speculation-rules'
import { adminGet, adminPost, callApp, env, noticeOf, servicesOf, visibleText } from '../support'
import { sessionAs } from '../support/roles'

const REPORTER = '/src/client/vitals.ts'

/** The one inline (non-JSON) script of a public page. */
async function inlineScript(path = '/about-us', overrides = {}) {
  const { body } = await callApp(path, {}, overrides)
  return /<script nonce="[^"]+">([^<]*)<\/script>/.exec(body)?.[1]
}

const setShare = (share: string, cookie?: string) =>
  adminPost('/admin/settings/speed', { share }, cookie ? { cookie } : {})

describe('the share of views whose speed is measured', () => {
  // Back to "nobody chose one": the row's share cleared with a bump of the stamp, which this isolate learns at once.
  afterEach(async () => {
    await env.DB.batch([
      env.DB.prepare('UPDATE vitals_settings SET share = NULL WHERE id = 1'),
      env.DB.prepare('UPDATE content_stamp SET stamp = stamp + 1 WHERE id = 1'),
    ])
    await servicesOf().studio.content.stampChanged()
  })

  it('is 25 % until an admin chooses, and the settings page says so in plain words', async () => {
    expect(await inlineScript()).toBe(pageScript(25, REPORTER))
    expect(await inlineScript()).toContain('0.25>Math.random()&&addEventListener("load"')
    const text = visibleText((await adminGet('/admin/settings')).body)
    expect(text).toContain('Speed measured in visitors’ browsers')
    expect(text).toContain('Visits measured now: 25 % (the standard share: nobody has chosen one yet)')
  })

  it('changes every page’s script at once, cached pages included, and 0 leaves the reporter out', async () => {
    await inlineScript('/about-us') // cached at 25 %
    const saved = await setShare('100')
    expect(saved.response.status).toBe(303)
    expect(saved.response.headers.get('Location')).toBe('/admin/settings?notice=speedSaved')
    expect(await inlineScript('/about-us')).toBe(
      `${PRERENDER_VIEW_SCRIPT};addEventListener("load",()=>setTimeout(()=>import("${REPORTER}")))`,
    )
    expect(visibleText((await adminGet('/admin/settings')).body)).toContain('Visits measured now: 100 %')

    await setShare('0')
    expect(await inlineScript('/about-us')).toBe(PRERENDER_VIEW_SCRIPT)
    expect(await inlineScript('/')).toBe(PRERENDER_VIEW_SCRIPT)
    const row = await env.DB.prepare('SELECT share FROM vitals_settings WHERE id = 1').first<{
      share: number
    }>()
    expect(row?.share).toBe(0)
    const activity = await env.DB.prepare(
      "SELECT detail FROM activity WHERE action = 'speed-share-changed' ORDER BY id DESC LIMIT 1",
    ).first<{ detail: string }>()
    expect(activity?.detail).toBe('0 %')
  })

  it('VITALS_DEFAULT_SHARE sets the share until an admin chooses one', async () => {
    expect(await inlineScript('/about-us', { VITALS_DEFAULT_SHARE: '0' })).toBe(PRERENDER_VIEW_SCRIPT)
    expect(await inlineScript('/about-us', { VITALS_DEFAULT_SHARE: '5' })).toBe(pageScript(5, REPORTER))
  })

  it.each(['', '-1', '101', '12.5', 'a lot', '1e2'])('refuses %j and keeps the share', async (share) => {
    const refused = await setShare(share)
    expect(refused.response.headers.get('Location')).toBe('/admin/settings?notice=speedInvalid')
    expect(await inlineScript()).toBe(pageScript(25, REPORTER))
  })

  it('is an admin’s to change: an editor is refused and nothing changes', async () => {
    const refused = await setShare('0', await sessionAs('editor'))
    expect(refused.response.status).toBe(403)
    expect(await inlineScript()).toBe(pageScript(25, REPORTER))
  })

  it('says why a share was not saved, in words', async () => {
    const { response } = await setShare('x')
    const page = await adminGet(response.headers.get('Location')!)
    expect(noticeOf(page.body)?.text).toContain('Enter a whole number from 0 to 100.')
  })
})

describe('the privacy page', () => {
  it('says what the speed measurement collects, in plain words', async () => {
    const text = visibleText((await callApp('/privacy-policy')).body)
    expect(text).toContain('a small script measures in your browser how fast the page appeared')
    expect(text).toContain('without anything after a question mark')
    expect(text).toContain(
      'sets no cookie, stores nothing in your browser and sends nothing that could tell one visit',
    )
  })
})

describe('the inline script', () => {
  it('stays within 450 bytes with a production reporter address at any share', () => {
    for (const share of [1, 25, 33, 99, 100]) {
      const script = pageScript(share, '/assets/vitals-Dm3kQx9Z.js')
      expect(new TextEncoder().encode(script).length).toBeLessThanOrEqual(PAGE_SCRIPT_BUDGET)
    }
    expect(pageScript(0, '/assets/vitals-Dm3kQx9Z.js')).toBe(PRERENDER_VIEW_SCRIPT)
  })
})
