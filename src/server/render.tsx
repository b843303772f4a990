import type { Context } from 'hono'
import type { ReactNode } from 'react'
import { renderToReadableStream, renderToString } from 'react-dom/server'
import manifest from 'virtual:client-manifest'
import { isDevelopment, type AppEnv } from '../env'
import { Document } from '../components/layout/Document'
import { RenderContext, type RenderState } from '../components/RenderContext'
import { ErrorPage } from '../pages/ErrorPage'
import type { PageModule } from '../pages/types'
import { resolveAssets } from './assets'
import { readContactFlash } from './contact-flash'
import { effectiveViewerUrl } from './services/viewer-url'

const assets = resolveAssets(manifest)

/** Crawlers and link unfurlers get the complete document instead of a stream. */
const BOT_UA = /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|curl\/|wget/i

/** HTML may be revalidated often; `private` because each response carries its own CSP nonce. */
export const HTML_CACHE_CONTROL = 'private, max-age=60, must-revalidate'

function htmlHeaders(c: Context<AppEnv>): Headers {
  const headers = new Headers({
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': HTML_CACHE_CONTROL,
  })
  // Miniflare buffers gzip streams in dev (workers-sdk #6577), which would defeat streaming.
  if (assets.dev) headers.set('Content-Encoding', 'identity')
  void c
  return headers
}

async function renderState(
  c: Context<AppEnv>,
  contactFlash: RenderState['contactFlash'],
): Promise<RenderState> {
  return {
    contactFlash,
    nonce: c.get('secureHeadersNonce') ?? '',
    view3dUrl: await effectiveViewerUrl(c.env, c.executionCtx),
    origin: new URL(c.req.url).origin,
    needs: new Set(),
    islandCount: 0,
    assets,
  }
}

/** Streams a page with React's renderToReadableStream. Shell failures reach app.onError (500). */
export async function renderPage(c: Context<AppEnv>, page: PageModule, status = 200): Promise<Response> {
  const { flash, setCookie } = readContactFlash(c)
  const state = await renderState(c, flash)
  const path = new URL(c.req.url).pathname
  const tree: ReactNode = (
    <RenderContext.Provider value={state}>
      <Document meta={page.meta} path={path}>
        <page.Page />
      </Document>
    </RenderContext.Provider>
  )
  const stream = await renderToReadableStream(tree, {
    nonce: state.nonce,
    signal: c.req.raw.signal,
    onError(error) {
      console.error('Render error after the shell was sent:', error)
    },
  })
  if (BOT_UA.test(c.req.header('User-Agent') ?? '')) await stream.allReady
  const headers = htmlHeaders(c)
  if (setCookie) {
    headers.append('Set-Cookie', setCookie)
    // A page showing a contact result (and kept form values) must never be served again from cache.
    headers.set('Cache-Control', 'no-store')
  }
  return new Response(stream, { status, headers })
}

/** The "Unexpected Application Error!" page, rendered without the site chrome so it cannot fail the same way. */
export function renderErrorPage(c: Context<AppEnv>, error: unknown, status = 500): Response {
  const message = error instanceof Error ? error.message : String(error)
  const stack = isDevelopment(c.env) && error instanceof Error ? error.stack : undefined
  const html = renderToString(<ErrorPage status={status} message={message} stack={stack} />)
  return new Response('<!DOCTYPE html>' + html, { status, headers: htmlHeaders(c) })
}
