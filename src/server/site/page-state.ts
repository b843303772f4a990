/**
 * What a page's render is handed (components/RenderContext.tsx): every page its nonce, origin and
 * assets; a page of the site also the site's content as this request's visitor sees it, the
 * contact form's token, flash and Turnstile key, and the viewer address. A console page gathers
 * none of the site's state: no content read, no token minted, no flash cookie read.
 */
import type { Context } from 'hono'
import manifest from 'virtual:client-manifest'
import { ClientNeeds, type PageState, type RenderState } from '../../components/RenderContext'
import type { Alternate } from '../../lib/locales'
import { localHrefIn } from '../../pages/local-href'
import { localeWords, offerWords } from '../../pages/locale-content'
import { HIDDEN_SOURCES } from '../../schemas/campaign-form'
import type { VisitCampaign } from '../../schemas/campaign-form-fields'
import type { SiteContent } from '../../schemas/site-copy'
import type { AppEnv } from '../app-env'
import { readContactFlash } from '../leads/http'
import { waitUntilOf } from '../platform'
import { resolveAssets } from '../platform/http'
import { contentInLocale } from '../studio/services/locale-content'
import { viewerUrlForPage } from '../viewer-url'

export const assets = resolveAssets(manifest)

/** A preview of a draft: the content with it, and the bar that says so. Never cached or indexed. */
export interface Preview {
  content: SiteContent
  bar: NonNullable<RenderState['preview']>
}

/** What every page has, a console page nothing more. */
export function pageState(c: Context<AppEnv>): PageState {
  return {
    nonce: c.get('secureHeadersNonce') ?? '',
    origin: c.var.siteOrigin,
    needs: new ClientNeeds(),
    assets,
  }
}

/**
 * The site as this request's visitor sees it: a preview's draft, else the arms of the running
 * experiments the site's routes chose for the visitor (`c.var.assignment`: site/visitors.ts), else
 * the live site; with the arms' key, which the page cache keys on.
 */
async function contentOf(c: Context<AppEnv>, preview: Preview | undefined, locale: string) {
  const { content } = c.var.services.studio
  const experiments = c.var.services.experiments.edge
  if (preview) return { content: preview.content, arms: '' }
  // Only the arms of experiments on this locale's documents change the page (a German edition's on /de/).
  const shown = await experiments.contentFor(c.get('assignment') ?? null, locale)
  return shown ? { content: shown.site, arms: shown.key } : { content: await content.current(), arms: '' }
}

/** The campaign parameters of the request's address that a campaign form's hidden fields may carry. */
function visitCampaignOf(c: Context<AppEnv>): VisitCampaign {
  const params = new URL(c.req.url).searchParams
  const found = HIDDEN_SOURCES.filter((source) => source.startsWith('utm_') && params.get(source))
  return Object.fromEntries(found.map((source) => [source, params.get(source)!]))
}

/** A page's locale (lib/locales.ts), its versions, and the one the visitor's browser prefers. */
export interface PageLocale {
  locale: string
  alternates: readonly Alternate[]
  suggestion?: Alternate
}

/** A site page's state, with the arms' key and the Set-Cookie values that clear the flash it read. */
export async function siteState(
  c: Context<AppEnv>,
  preview: Preview | undefined,
  { locale, alternates, suggestion }: PageLocale,
): Promise<RenderState & { arms: string; setCookies: string[] }> {
  const { flash, setCookies } = await readContactFlash(c)
  const [{ content, arms }, words] = await Promise.all([contentOf(c, preview, locale), localeWords(locale)])
  return {
    ...pageState(c),
    contactFlash: flash,
    setCookies,
    visitCampaign: visitCampaignOf(c),
    content: await contentInLocale(content, words, locale),
    arms,
    locale,
    alternates,
    chrome: words.chrome,
    suggestion: suggestion && { ...suggestion, words: offerWords(suggestion.code) },
    localHref: localHrefIn(locale),
    preview: preview?.bar,
    // A draft view's form carries a token marked as such: what it sends is a test, never e-mailed.
    formToken: await c.var.services.leads.formTokens.mint(Date.now(), { draftView: preview !== undefined }),
    turnstileSiteKey: c.var.services.leads.turnstile?.siteKey,
    view3dUrl: await viewerUrlForPage(c.var.services.viewerUrl.service, waitUntilOf(c)),
    experimentCookie: await c.var.services.experiments.edge.cookieOn(),
    vitalsShare: await c.var.services.traffic.sampling.share(),
  }
}
