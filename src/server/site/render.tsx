import type { Context } from 'hono'
import type { ReactNode } from 'react'
import { renderToReadableStream } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import manifest from 'virtual:client-manifest'
import { isDevelopment } from '../../../env'
import type { AppEnv } from '../../app-env'
import { setCookieLine } from '../../../lib/experiment-cookie'
import { log } from '../../../lib/log'
import { ClientNeeds, RenderContext, type RenderState } from '../../../components/RenderContext'
import { errorPageCopy } from '../../../content/pages/error'
import { ErrorPage } from '../../../pages/ErrorPage'
import { SiteDocument } from '../../../pages/SiteDocument'
import type { SitePage } from '../../../pages/page-table'
import type { PageModule } from '../../../schemas/page-module'
import type { SiteContent } from '../../../schemas/site-copy'
import { resolveAssets } from './assets'
import { preloadLinkHeader } from './early-hints'
import { readContactFlash } from './contact-flash'
import { cacheWhileStreaming, pageBody, pageCacheEnabled, pageCacheKey, readCachedPage } from './page-cache'
import { waitUntilOf } from '../wait-until'
import { viewerUrlForPage } from '../../viewer-url'

const assets = resolveAssets(manifest)

/**
 * The page cache runs on every build and in the worker tests, but not under Vite's dev server
 * (no manifest there), where modules reload on edit and cached pages would go stale.
 */
const usePageCache = pageCacheEnabled && (!assets.dev || import.meta.env.MODE === 'test')

/** Pages of the console and /update: never in an experiment. */
const CONSOLE_PATH = /^\/(admin|update)(\/|$)/

/** Crawlers and link unfurlers get the complete document instead of a stream. */
const BOT_UA = /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|curl\/|wget/i

/** HTML may be revalidated often; `private` because each response carries its own CSP nonce. */
export const HTML_CACHE_CONTROL = 'private, max-age=60, must-revalidate'

function htmlHeaders(): Headers {
  const headers = new Headers({
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': HTML_CACHE_CONTROL,
  })
  // Miniflare buffers gzip streams in dev (workers-sdk #6577), which would defeat streaming.
  if (assets.dev) headers.set('Content-Encoding', 'identity')
  return headers
}

/**
 * The site as this request's visitor sees it: a preview's draft, else the arms of the running
 * experiments the visitor is in (studio/services/experiments.ts), else the live site; with the arms'
 * key, which the page cache keys on.
 */
async function contentOf(c: Context<AppEnv>, preview: RenderOptions['preview']) {
  const { content, experiments } = c.var.services.studio
  if (preview) return { content: preview.content, arms: '' }
  const url = new URL(c.req.url)
  // Only a visitor's GET of a public page: the console and /update always show the live site.
  const tested = (c.req.method === 'GET' || c.req.method === 'HEAD') && !CONSOLE_PATH.test(url.pathname)
  const assignment = tested ? await experiments.assign(c.req.raw.headers, url) : null
  c.set('assignment', assignment)
  const shown = await experiments.contentFor(assignment)
  return shown ? { content: shown, arms: assignment!.key } : { content: await content.current(), arms: '' }
}

async function renderState(
  c: Context<AppEnv>,
  contactFlash: RenderState['contactFlash'],
  preview: RenderOptions['preview'],
): Promise<RenderState & { arms: string }> {
  return {
    contactFlash,
    ...(await contentOf(c, preview)),
    preview: preview?.bar,
    nonce: c.get('secureHeadersNonce') ?? '',
    // A draft view's form carries a token marked as such: what it sends is a test, never e-mailed.
    formToken: await c.var.services.leads.formTokens.mint(Date.now(), { draftView: preview !== undefined }),
    turnstileSiteKey: c.var.services.leads.turnstile?.siteKey,
    view3dUrl: await viewerUrlForPage(c.var.services.viewerUrl.service, waitUntilOf(c)),
    experimentCookie: await c.var.services.studio.experiments.cookieOn(),
    origin: c.var.siteOrigin,
    needs: new ClientNeeds(),
    assets,
  }
}

export interface RenderOptions {
  status?: number
  /**
   * The page's one address: a route's path, so a variant such as /about%2Dus renders (and is
   * cached) as /about-us; null for a page that has none (the 404 page, one cache entry for every
   * unknown path). Defaults to the request's path.
   */
  path?: string | null
  /** A preview of a draft: the content with it, and the bar that says so. Never cached or indexed. */
  preview?: { content: SiteContent; bar: NonNullable<RenderState['preview']> }
}

/**
 * Streams a page with React's renderToReadableStream, or serves it from the page cache (see
 * page-cache.ts) with this request's nonce. Shell failures reach app.onError (500).
 */
export async function renderPage(
  c: Context<AppEnv>,
  pageOf: PageModule | SitePage,
  options: RenderOptions = {},
): Promise<Response> {
  const { status = 200 } = options
  const path = options.path === undefined ? new URL(c.req.url).pathname : options.path
  const { flash, setCookies } = await readContactFlash(c)
  const state = await renderState(c, flash, options.preview)
  // A site page is drawn from the content as it is now; its cached copy is keyed by its stamp.
  const page = typeof pageOf === 'function' ? pageOf(state.content) : pageOf
  const cacheKey = cacheable(c, page, status, state)
    ? pageCacheKey({
        path: path ?? `(${status})`,
        status,
        origin: state.origin,
        viewerUrl: state.view3dUrl,
        turnstileSiteKey: state.turnstileSiteKey,
        contentStamp: state.content.stamp,
        arms: state.arms,
      })
    : undefined
  if (page.meta.contactForm && state.turnstileSiteKey) c.set('challengeFrame', true)
  const headers = htmlHeaders()
  headers.set('Link', preloadLinkHeader(assets.styles, page.meta))
  // Says how the page cache answered, for the tests and `npm run dev`; production keeps it to itself.
  const cacheReport = (outcome: 'hit' | 'miss' | 'bypass') => {
    if (isDevelopment(c.env)) headers.set('X-Page-Cache', outcome)
  }
  cacheReport(cacheKey ? 'miss' : 'bypass')
  // Flash cookies are cleared once read, even on a cached page (stale or forged ones too); a
  // page that shows a real result (and kept form values) is never stored by anyone.
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie)
  // The experiments' cookie, when the site owner turned it on (never part of the cached body).
  const arms = c.get('assignment')?.cookie
  if (arms) headers.append('Set-Cookie', setCookieLine(arms))
  if (flash || state.preview) headers.set('Cache-Control', 'no-store')
  if (state.preview) headers.set('X-Robots-Tag', 'noindex, nofollow')

  if (cacheKey) {
    const cached = await readCachedPage(c.var.services.platform.pages, cacheKey, state.origin)
    if (cached) {
      cacheReport('hit')
      const slots = { nonce: state.nonce, formToken: state.formToken }
      return new Response(pageBody(cached, slots), { status: cached.status, headers })
    }
  }

  // The console's document (and its words) loads with the first console page, not in every isolate.
  const ConsoleDocument = page.meta.console
    ? (await import('../../../pages/admin/ConsoleDocument')).ConsoleDocument
    : undefined
  const tree: ReactNode = (
    <RenderContext.Provider value={state}>
      {ConsoleDocument ? (
        <ConsoleDocument meta={page.meta}>
          <page.Page />
        </ConsoleDocument>
      ) : (
        <SiteDocument meta={page.meta} path={path}>
          <page.Page />
        </SiteDocument>
      )}
    </RenderContext.Provider>
  )
  let clean = true
  const stream = await renderToReadableStream(tree, {
    nonce: state.nonce,
    signal: c.req.raw.signal,
    onError(error) {
      clean = false
      log.error('pages', 'render error after the shell was sent', { path, error })
      waitUntilOf(c).waitUntil(
        c.var.services.platform.alerts.siteError(`render error on ${path ?? '(404)'}`, error),
      )
    },
  })
  const body = cacheKey
    ? cacheWhileStreaming(stream, {
        memory: c.var.services.platform.pages,
        key: cacheKey,
        origin: state.origin,
        status,
        slots: { nonce: state.nonce, formToken: state.formToken },
        shareAtEdge: status === 200,
        isClean: () => clean,
        ctx: waitUntilOf(c),
      })
    : stream
  if (BOT_UA.test(c.req.header('User-Agent') ?? '')) await stream.allReady
  return new Response(body, { status, headers })
}

/**
 * Whether this response's HTML may come from (and go to) the page cache: only when it depends on
 * nothing but the cache key. A request that carried a real contact flash renders per request; so do unlisted per-request pages such as /update (noindex). The 404 page
 * is noindex too but request-independent, so it is cached (in memory only).
 */
function cacheable(c: Context<AppEnv>, page: PageModule, status: number, state: RenderState): boolean {
  if (!usePageCache) return false
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return false
  if (state.contactFlash || state.preview) return false
  if (page.meta.noindex && status !== 404) return false
  return true
}

/**
 * The "Unexpected Application Error!" page, rendered without the site chrome so it cannot fail the
 * same way; whole (prerender), with the renderer the pages stream with, not react-dom's legacy one.
 */
export async function renderErrorPage(c: Context<AppEnv>, error: unknown, status = 500): Promise<Response> {
  // The message and stack can name internals (a table, a key, a path): only development shows them.
  const development = isDevelopment(c.env)
  const message = development
    ? error instanceof Error
      ? error.message
      : String(error)
    : errorPageCopy.generic
  const stack = development && error instanceof Error ? error.stack : undefined
  const { prelude } = await prerender(<ErrorPage status={status} message={message} stack={stack} />)
  const html = await new Response(prelude).text()
  return new Response(html.startsWith('<!DOCTYPE') ? html : '<!DOCTYPE html>' + html, {
    status,
    headers: htmlHeaders(),
  })
}
