/**
 * The page's view beacon (lib/speculation-rules.ts PRERENDER_VIEW_SCRIPT), run as a browser runs it:
 * a page fetched speculatively was never counted, so the script counts it when it is shown, once;
 * a page opened normally sends nothing (its GET was counted at the edge).
 */
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { PRERENDER_VIEW_SCRIPT } from '../../src/lib/speculation-rules'

/** The script in a page as Chromium delivered it; what it sent to /api/view, and the activation to fire. */
function runIn(page: { prerendering: boolean; deliveryType: string }) {
  const sent: string[] = []
  const listeners: (() => void)[] = []
  runInNewContext(PRERENDER_VIEW_SCRIPT, {
    document: {
      prerendering: page.prerendering,
      referrer: 'http://localhost/',
      addEventListener: (type: string, listener: () => void) =>
        type === 'prerenderingchange' && listeners.push(listener),
    },
    location: { href: 'http://localhost/de/' },
    performance: { getEntriesByType: () => [{ deliveryType: page.deliveryType }] },
    navigator: { sendBeacon: (url: string, body: string) => sent.push(`${url} ${body}`) },
  })
  return { sent, activate: () => listeners.forEach((listener) => listener()) }
}

const BEACON = '/api/view http://localhost/de/\nhttp://localhost/'

describe('the view beacon', () => {
  it('a prerendered page: sent when it is shown, not before', () => {
    const page = runIn({ prerendering: true, deliveryType: '' })
    expect(page.sent).toEqual([])
    page.activate()
    expect(page.sent).toEqual([BEACON])
  })

  it('a page served from the prerender’s fetch after Chromium dropped the prerender: sent at once', () => {
    expect(runIn({ prerendering: false, deliveryType: 'navigational-prefetch' }).sent).toEqual([BEACON])
  })

  it('a page opened normally, or from the cache: nothing', () => {
    expect(runIn({ prerendering: false, deliveryType: '' }).sent).toEqual([])
    expect(runIn({ prerendering: false, deliveryType: 'cache' }).sent).toEqual([])
  })
})
