/**
 * Speculation Rules for public pages: Chromium prerenders a same-origin page link once the
 * visitor shows intent (`moderate`: hovering 200 ms, or pointer down on touch screens), so the
 * click shows an already rendered page. The rules are JSON, not JavaScript: a page without
 * islands still runs no script. Browsers without support ignore the element.
 *
 * Never speculated: the console and /update (they change state or need a sign-in), the APIs,
 * feeds and other non-page files, links that open a new tab or download, and anything a page
 * marks with `rel=nofollow` or `data-no-prerender`.
 */
const SPECULATION_RULES = {
  prerender: [
    {
      source: 'document',
      where: {
        and: [
          { href_matches: '/*' },
          { not: { href_matches: ['/admin', '/admin/*', '/admin\\?*'] } },
          { not: { href_matches: ['/update', '/update/*', '/update\\?*'] } },
          { not: { href_matches: '/api/*' } },
          { not: { href_matches: ['/*.xml', '/*.txt', '/*.csv', '/*.json'] } },
          { not: { selector_matches: '[target=_blank], [download], [rel~=nofollow], [data-no-prerender]' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
} as const

/** The rules as the text of a `<script type="speculationrules">`. */
export const speculationRulesJson = JSON.stringify(SPECULATION_RULES)

/**
 * The one inline script of a public page (≤ 300 bytes): a page fetched speculatively was never
 * counted, so its view is counted when it is shown, by a beacon to /api/view
 * (server/traffic/routes/view-beacon.ts). A prerendered page sends it on activation; a page served
 * from the prerender's fetch after the prerender itself was dropped (Chromium falls back to the
 * prefetch: a page under DevTools, or low memory) says so by its `navigational-prefetch` delivery,
 * and sends it at once. A page opened normally does nothing here.
 */
export const PRERENDER_VIEW_SCRIPT =
  '(b=>document.prerendering?document.addEventListener("prerenderingchange",b,{once:!0}):performance.getEntriesByType("navigation")[0]?.deliveryType=="navigational-prefetch"&&b())(()=>navigator.sendBeacon("/api/view",location.href+"\\n"+document.referrer))'
