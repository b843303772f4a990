/**
 * The one inline script of a public page (≤ 450 bytes, with the reporter's address): the prerender
 * view beacon (lib/speculation-rules.ts) and, on a sampled share of views, the field speed reporter
 * (client/vitals.ts, issue 62), loaded after `load` and a task more, so nothing of it loads before
 * the page's largest paint nor competes with the page's own files. Each view draws its own number:
 * nothing is stored in the browser. A share of 0 leaves the reporter out of the script entirely.
 */
import { PRERENDER_VIEW_SCRIPT } from './speculation-rules'

/** The most bytes the inline script may have, the reporter's address included (issue 62). */
export const PAGE_SCRIPT_BUDGET = 450

/** `share`: percent of views measured (0 to 100); `reporter`: the reporter's address (/assets/…). */
export function pageScript(share: number, reporter: string): string {
  if (!(share > 0)) return PRERENDER_VIEW_SCRIPT
  // Written with `>`: the script holds no `<`, so nothing in it can ever read as a closing tag.
  const draw = share >= 100 ? '' : `${share / 100}>Math.random()&&`
  return `${PRERENDER_VIEW_SCRIPT};${draw}addEventListener("load",()=>setTimeout(()=>import(${JSON.stringify(reporter)})))`
}
