/**
 * The renderer, installed once for every request (`renderer`, src/worker.ts) with Hono's
 * c.setRenderer: a page is answered with `c.render(page, options)`. It streams a page with React's
 * renderToReadableStream, or serves it from the page cache (platform/render/page-cache.ts) with
 * this request's nonce. A console page (`meta.console`) gets its nonce and assets only; a page of
 * the site gathers the site's state (./page-state.ts). Shell failures reach app.onError (500).
 */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { ReactNode } from 'react'
import { renderToReadableStream } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { isDevelopment } from '../../env'
import type { AppEnv } from '../app-env'
import { setCookieLine } from '../../lib/experiment-cookie'
import { log } from '../../lib/log'
import { RenderContext, type PageState, type RenderState } from '../../components/RenderContext'
import { errorPageCopy } from '../../content/pages/error'
import { ErrorPage } from '../../pages/ErrorPage'
import { SiteDocument } from '../../pages/SiteDocument'
import type { SitePage } from '../../pages/page-table'
import type { PageModule } from '../../schemas/page-module'
import {
  cacheWhileStreaming,
  pageBody,
  pageCacheEnabled,
  pageCacheKey,
  preloadLinkHeader,
  readCachedPage,
} from '../platform/http'
import { waitUntilOf } from '../platform'
import { pageLocale, type LocaleOptions } from './locale'
import { assets, pageState, siteState, type Preview } from './page-state'

declare module 'hono' {
  interface ContextRenderer {
    (page: PageModule | SitePage, options?: RenderOptions): Promise<Response>
  }
}

/**
 * The page cache runs on every build and in the worker tests, but not under Vite's dev server
 * (no manifest there), where modules reload on edit and cached pages would go stale.
 */
const usePageCache = pageCacheEnabled && (!assets.dev || import.meta.env.MODE === 'test')

/** Crawlers and link unfurlers get the complete document instead of a stream. */
const BOT_UA = /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|curl\/|wget/i

/** HTML may be revalidated often; `private` because each response carries its own CSP nonce. */
export const HTML_CACHE_CONTROL = 'private, max-age=60, must-revalidate'

/** An HTML answer's headers; a page's also name what to fetch early (platform/render/early-hints.ts). */
function htmlHeaders(page?: PageModule): Headers {
  const headers = new Headers({
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': HTML_CACHE_CONTROL,
  })
  if (page) headers.set('Link', preloadLinkHeader(assets.styles, page.meta))
  // Miniflare buffers gzip streams in dev (workers-sdk #6577), which would defeat streaming.
  if (assets.dev) headers.set('Content-Encoding', 'identity')
  return headers
}

export interface RenderOptions extends LocaleOptions {
  status?: number
  /**
   * The page's one address: a route's path, so a variant such as /about%2Dus renders (and is
   * cached) as /about-us; null for a page that has none (the 404 page, one cache entry for every
   * unknown path). Defaults to the request's path.
   */
  path?: string | null
  /** A preview of a draft: the content with it, and the bar that says so. Never cached or indexed. */
  preview?: Preview
}

/** Installs the renderer: `c.render(page, options)` answers with the page. */
export const renderer = createMiddleware<AppEnv>(async (c, next) => {
  c.setRenderer((page, options) => renderPage(c, page, options))
  await next()
})

/**
 * Streams a page with React's renderToReadableStream, or serves it from the page cache (see
 * platform/render/page-cache.ts) with this request's nonce. Shell failures reach app.onError (500).
 */
export async function renderPage(
  c: Context<AppEnv>,
  pageOf: PageModule | SitePage,
  options: RenderOptions = {},
): Promise<Response> {
  const { status = 200 } = options
  const path = options.path === undefined ? new URL(c.req.url).pathname : options.path
  if (typeof pageOf !== 'function' && pageOf.meta.console) return consolePage(c, pageOf, status, path)
  const state = await siteState(c, options.preview, pageLocale(c, options, options.preview !== undefined))
  // A site page is drawn from the content as it is now; its cached copy is keyed by its stamp.
  const page = typeof pageOf === 'function' ? pageOf(state.content) : pageOf
  const cacheKey = cacheable(c, page, status, state)
    ? pageCacheKey({
        // A page with no address (the 404 page) is one entry per status and locale.
        path: path ?? `(${status} ${state.locale})`,
        status,
        origin: state.origin,
        viewerUrl: state.view3dUrl,
        turnstileSiteKey: state.turnstileSiteKey,
        contentStamp: state.content.pageStamp ?? state.content.stamp,
        arms: state.arms,
        vitalsShare: state.vitalsShare,
        suggested: state.suggestion?.code,
        versions: state.alternates.map((alternate) => alternate.code).join(' '),
      })
    : undefined
  if (page.meta.contactForm && state.turnstileSiteKey) c.set('challengeFrame', true)
  const headers = htmlHeaders(page)
  // A page in more than one language offers the visitor's (the banner): it varies with the header.
  if (state.alternates.length > 1) headers.append('Vary', 'Accept-Language')
  // Says how the page cache answered, for the tests and `npm run dev`; production keeps it to itself.
  const cacheReport = (outcome: 'hit' | 'miss' | 'bypass') => {
    if (isDevelopment(c.env)) headers.set('X-Page-Cache', outcome)
  }
  cacheReport(cacheKey ? 'miss' : 'bypass')
  // Flash cookies are cleared once read, even on a cached page (stale or forged ones too); a
  // page that shows a real result (and kept form values) is never stored by anyone.
  for (const cookie of state.setCookies) headers.append('Set-Cookie', cookie)
  // The experiments' cookie, when the site owner turned it on (never part of the cached body).
  const arms = c.get('assignment')?.cookie
  if (arms) headers.append('Set-Cookie', setCookieLine(arms))
  if (state.contactFlash || state.preview) headers.set('Cache-Control', 'no-store')
  if (state.preview) headers.set('X-Robots-Tag', 'noindex, nofollow')

  if (cacheKey) {
    const cached = await readCachedPage(c.var.services.platform.pages, cacheKey, state.origin)
    if (cached) {
      cacheReport('hit')
      const slots = { nonce: state.nonce, formToken: state.formToken }
      return new Response(pageBody(cached, slots), { status: cached.status, headers })
    }
  }
  const tree = (
    <SiteDocument meta={page.meta} path={path}>
      <page.Page />
    </SiteDocument>
  )
  const { stream, isClean } = await streamed(c, state, tree, path)
  const body = cacheKey
    ? cacheWhileStreaming(stream, {
        memory: c.var.services.platform.pages,
        key: cacheKey,
        origin: state.origin,
        status,
        slots: { nonce: state.nonce, formToken: state.formToken },
        shareAtEdge: status === 200,
        isClean,
        ctx: waitUntilOf(c),
      })
    : stream
  if (BOT_UA.test(c.req.header('User-Agent') ?? '')) await stream.allReady
  return new Response(body, { status, headers })
}

/** A console page: its nonce and assets, in the console's document, never cached. */
async function consolePage(c: Context<AppEnv>, page: PageModule, status: number, path: string | null) {
  // The console's document (and its words) loads with the first console page, not in every isolate.
  const { ConsoleDocument } = await import('../../pages/admin/ConsoleDocument')
  const tree = (
    <ConsoleDocument meta={page.meta}>
      <page.Page />
    </ConsoleDocument>
  )
  const headers = htmlHeaders(page)
  if (isDevelopment(c.env)) headers.set('X-Page-Cache', 'bypass')
  const { stream } = await streamed(c, pageState(c), tree, path)
  if (BOT_UA.test(c.req.header('User-Agent') ?? '')) await stream.allReady
  return new Response(stream, { status, headers })
}

/** The document's stream, and whether it has rendered without an error so far (an error after the shell is alerted). */
async function streamed(c: Context<AppEnv>, state: PageState, document: ReactNode, path: string | null) {
  let clean = true
  const stream = await renderToReadableStream(
    <RenderContext.Provider value={state}>{document}</RenderContext.Provider>,
    {
      nonce: state.nonce,
      signal: c.req.raw.signal,
      onError(error) {
        clean = false
        log.error('pages', 'render error after the shell was sent', { path, error })
        waitUntilOf(c).waitUntil(
          c.var.services.platform.alerts.siteError(`render error on ${path ?? '(404)'}`, error),
        )
      },
    },
  )
  return { stream, isClean: () => clean }
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
  // A campaign form's hidden fields carry this address's utm_* (issue 63): that page is this visit's own.
  if (page.meta.visitCampaign && /[?&]utm_/.test(new URL(c.req.url).search)) return false
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
