import { createContext, useContext } from 'react'
import type { Alternate } from '../lib/locales'
import type { VisitCampaign } from '../schemas/campaign-form-fields'
import type { ContactFlash } from '../schemas/contact'
import type { LocaleChrome, UiCopy } from '../schemas/copy'
import type { SiteContent } from '../schemas/site-copy'

/** What a client script a page needs, collected while it renders. */
export type ClientNeed = 'islands' | 'enhance' | 'passkeys' | 'tools'

/**
 * What the page being rendered asks of the browser, collected in render order: the client
 * entries it needs and an identifierPrefix per island.
 */
export class ClientNeeds {
  private readonly entries = new Set<ClientNeed>()
  private islands = 0
  private readonly rendered = new Map<string, { id: string; html: Promise<string> }>()

  add(need: ClientNeed): void {
    this.entries.add(need)
  }

  has(need: ClientNeed): boolean {
    return this.entries.has(need)
  }

  get none(): boolean {
    return this.entries.size === 0
  }

  /** A fresh identifierPrefix for the next island. */
  nextIslandId(): string {
    return `i${this.islands++}-`
  }

  /**
   * The island at `place` (its useId in the page): the first time, a fresh prefix and its HTML
   * rendered under it; when the page's render comes back to it, the same two.
   */
  island(place: string, render: (id: string) => Promise<string>): { id: string; html: Promise<string> } {
    let found = this.rendered.get(place)
    if (!found) {
      this.add('islands')
      const id = this.nextIslandId()
      this.rendered.set(place, (found = { id, html: render(id) }))
    }
    return found
  }
}

/**
 * Per-request facts the server hands to components, which every page has, a console page only
 * these (server/site/render.tsx). Pages never read env or fetch.
 */
export interface PageState {
  /** CSP nonce for this response; every script React or we emit carries it. */
  nonce: string
  /** Canonical origin used for absolute URLs (canonical, Open Graph). */
  origin: string
  /** Which client entries the rendered page needs; filled by Island and Video while rendering. */
  needs: ClientNeeds
  /** Hashed asset URLs (production) or source URLs (dev). */
  assets: {
    styles: string
    /** The console's own stylesheet (console pages only). */
    console: string
    islands: string
    enhance: string
    passkeys: string
    /** The console's copy buttons and unsaved-edits warning (client/console-tools.ts). */
    tools: string
    /** The field speed reporter, which the inline script loads on a sampled share of views (client/vitals.ts). */
    vitals: string
    dev: boolean
  }
}

/** What a page of the site has besides: the site's content, the contact form's facts, the viewer address. */
export interface RenderState extends PageState {
  /** The contact form's signed served-at token for this response (leads/services/form-token.ts). */
  formToken: string
  /** Cloudflare Turnstile's site key, when it is on: the contact form renders the challenge. */
  turnstileSiteKey?: string
  /** Effective 3D viewer address (stored value or the default). */
  view3dUrl: string
  /** Whether the experiments' cookie is on (the privacy page says which: experiments/services/experiments.ts). */
  experimentCookie?: boolean
  /** The share of views whose speed is measured, in percent (traffic/services/vitals-sampling.ts); none when absent. */
  vitalsShare?: number
  /** The campaign parameters of this request's address (`utm_*`), which a campaign form's hidden fields carry. */
  visitCampaign?: VisitCampaign
  /** One-shot outcome of a no-JavaScript contact post (errors and kept values), if any. */
  contactFlash?: ContactFlash
  /** The site's content this page is drawn from (the studio's draft, in a preview). */
  content: SiteContent
  /** The page's locale (lib/locales.ts): `<html lang>`, its words, the addresses its links take. */
  locale: string
  /** The page's versions, its own among them (hreflang, the switcher); one or none: it has no other. */
  alternates: readonly Alternate[]
  /** The words every page of the locale shares (content/locales/). */
  chrome: LocaleChrome
  /** The version the visitor's Accept-Language prefers, when it is another than this page's, with the banner's words in its language. */
  suggestion?: Alternate & { words: UiCopy['languages'] }
  /** A site path as this page's locale has it: `/about-us` on a German page is `/de/about-us` (pages/locale-content.ts). */
  localHref: (href: string) => string
  /** A preview of a draft: the bar that says so, and the way back to its editor. */
  preview?: { label: string; note: string; back: { label: string; href: string } }
}

export const RenderContext = createContext<PageState | RenderState | null>(null)

/** What every page has (a console page's components use only this). */
export function usePageState(): PageState {
  const state = useContext(RenderContext)
  if (!state) throw new Error('usePageState outside a server render')
  return state
}

/** What a page of the site has: a site component inside a console page is a mistake, said at once. */
export function useRenderState(): RenderState {
  const state = usePageState()
  if (!('content' in state)) throw new Error('useRenderState in a console page: it has no site state')
  return state as RenderState
}
