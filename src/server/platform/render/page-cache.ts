/**
 * Page cache: HTML that does not depend on the request is rendered once and reused.
 *
 * A page's HTML depends only on the build, its path and status, the origin (canonical and Open
 * Graph URLs), the effective viewer URL, the experiments' arms shown, the contact flash, the CSP
 * nonce and the contact form's token (see RenderState). Requests with a flash are never cached; everything else but the nonce
 * and the form token is the key. Those two are the per-request parts (SlotValues), so a cached
 * page is stored as the pieces between them and joined with the next request's own.
 *
 * The first (uncached) render streams to the visitor untouched; a tee'd copy is collected and,
 * once complete and error-free, split on that response's own nonce and token (128 random bits
 * and an HMAC, so neither occurs in the content by chance). Lookups go to this isolate's memory
 * first, then to the location's Cache API (shared by its isolates), where the pieces are joined
 * with random per-isolate markers named in headers.
 */

import { toHex } from '../../../lib/hex'
import { log } from '../../../lib/log'
import { edgeCache } from '../storage/edge-cache'
import type { WaitUntil } from '../wait-until'
import type { CachedPage, PageMemory, SlotName, SlotValues } from './page-memory'

declare const __BUILD_ID__: string | undefined
declare const __PAGE_CACHE_OFF__: boolean | undefined

/** Changes with every build (vite.config.ts defines it), so a deploy never serves old pages. */
const BUILD_ID = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'unbuilt'

/**
 * False in a build made with XR_PAGE_CACHE=off (`npm run bench` measures such a build for
 * comparison). The renderer (server/site/render.tsx) also keeps the cache off under Vite's dev server.
 */
export const pageCacheEnabled = !(typeof __PAGE_CACHE_OFF__ === 'boolean' && __PAGE_CACHE_OFF__)

/** How long an entry is used; the key already changes with the build and the viewer URL. */
const TTL_SECONDS = 3600
/** A Hono nonce is 24 characters; anything much shorter could occur in the content. */
const MIN_NONCE_LENGTH = 16

/** The headers naming the marker of each slot in a page shared through the Cache API. */
const SLOT_HEADERS: Record<SlotName, string> = {
  nonce: 'X-Page-Cache-Slot',
  formToken: 'X-Page-Cache-Token-Slot',
}
const EDGE_PATH = '/__page-cache/'

export interface PageKeyParts {
  path: string
  status: number
  origin: string
  viewerUrl: string
  /** Part of the contact form's props, and a setting that can change without a new build. */
  turnstileSiteKey?: string
  /** The content stamp the page was drawn at: a publish makes every page's key new. */
  contentStamp?: number
  /** The experiments' arms the page shows ('' for the live site: experiments/services/experiments.ts). */
  arms?: string
  /** The share of views whose speed is measured: the inline script carries it (lib/page-script.ts). */
  vitalsShare?: number
  /**
   * The locale the page's banner offers ('' for none: lib/locales.ts preferredLocale), so a page has
   * at most one variant per locale and one without the banner.
   */
  suggested?: string
  /**
   * The locales the page has versions in (its hreflang): a post or a landing page gains German with
   * its German edition's publish, which keys that page anew while every other English page keeps its
   * cached copy (docs/locales.md).
   */
  versions?: string
}

export function pageCacheKey({
  path,
  status,
  origin,
  viewerUrl,
  turnstileSiteKey = '',
  contentStamp = 0,
  arms = '',
  vitalsShare = 0,
  suggested = '',
  versions = '',
}: PageKeyParts): string {
  return JSON.stringify([
    BUILD_ID,
    status,
    origin,
    path,
    viewerUrl,
    turnstileSiteKey,
    contentStamp,
    arms,
    vitalsShare,
    suggested,
    versions,
  ])
}

const encoder = new TextEncoder()

/** The cached page for `key`: this isolate's memory, else the location's Cache API. */
export async function readCachedPage(
  memory: PageMemory,
  key: string,
  origin: string,
): Promise<CachedPage | undefined> {
  const local = memory.get(key)
  if (local) return local
  const shared = await readEdge(key, origin)
  if (shared) memory.set(key, shared)
  return shared
}

/** The cached HTML with this request's nonce and form token in their slots. */
export function pageBody(page: CachedPage, values: SlotValues): Uint8Array<ArrayBuffer> {
  const bytes = { nonce: encoder.encode(values.nonce), formToken: encoder.encode(values.formToken ?? '') }
  const size = page.slots.reduce((n, slot) => n + bytes[slot].length, page.bytes)
  const out = new Uint8Array(size)
  let at = 0
  page.pieces.forEach((piece, i) => {
    out.set(piece, at)
    at += piece.length
    const slot = page.slots[i]
    if (slot) {
      out.set(bytes[slot], at)
      at += bytes[slot].length
    }
  })
  return out
}

export interface StoreOptions {
  memory: PageMemory
  key: string
  origin: string
  status: number
  /** This response's per-request parts, marking the slots. */
  slots: SlotValues
  /** Share through the Cache API too (not for 404s: their key space is unbounded). */
  shareAtEdge: boolean
  /** False once the render reported an error: such HTML is never stored. */
  isClean: () => boolean
  ctx?: WaitUntil
}

/**
 * Tees a freshly rendered stream: returns the branch for the visitor and stores a copy once
 * the render completes cleanly. Returns the stream as is when the nonce cannot mark the slots.
 */
export function cacheWhileStreaming(stream: ReadableStream<Uint8Array>, options: StoreOptions) {
  if (options.slots.nonce.length < MIN_NONCE_LENGTH) return stream
  const [visitor, copy] = stream.tee()
  const stored = collect(copy).then(
    (html) => {
      if (!options.isClean()) return
      const page = pageFromHtml(html, options.slots, options.status)
      options.memory.set(options.key, page)
      if (options.shareAtEdge) return writeEdge(options.key, options.origin, page, options.memory.slot())
    },
    () => undefined, // aborted or failed render: nothing to store
  )
  options.ctx?.waitUntil(stored)
  return visitor
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The HTML split at every occurrence of each slot's value, and which slot each gap is. */
function pageFromHtml(html: string, values: SlotValues, status: number): CachedPage {
  const slotOf = new Map<string, SlotName>()
  for (const [slot, value] of Object.entries(values) as [SlotName, string | undefined][])
    if (value) slotOf.set(value, slot)
  // Longest first: one value may begin with another.
  const longestFirst = [...slotOf.keys()].sort((a, b) => b.length - a.length)
  const parts = html.split(new RegExp(`(${longestFirst.map(escaped).join('|')})`))
  const pieces = parts.filter((_, i) => i % 2 === 0).map((piece) => encoder.encode(piece))
  const slots = parts.filter((_, i) => i % 2 === 1).map((value) => slotOf.get(value)!)
  return {
    status,
    pieces,
    slots,
    bytes: pieces.reduce((n, piece) => n + piece.length, 0),
    expires: Date.now() + TTL_SECONDS * 1000,
  }
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder()
  let html = ''
  const reader = stream.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return html + decoder.decode()
    html += decoder.decode(value, { stream: true })
  }
}

async function edgeRequest(key: string, origin: string): Promise<Request> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(key))
  return new Request(origin + EDGE_PATH + toHex(digest))
}

async function readEdge(key: string, origin: string): Promise<CachedPage | undefined> {
  const cache = edgeCache()
  if (!cache) return undefined
  try {
    const res = await cache.match(await edgeRequest(key, origin))
    const nonce = res?.headers.get(SLOT_HEADERS.nonce)
    if (!res || !nonce) return undefined
    const markers = { nonce, formToken: res.headers.get(SLOT_HEADERS.formToken) ?? undefined }
    return pageFromHtml(await res.text(), markers, Number(res.headers.get('X-Page-Status') ?? 200))
  } catch (error) {
    log.warn('page-cache', 'read failed', { error })
    return undefined
  }
}

async function writeEdge(key: string, origin: string, page: CachedPage, marker: string): Promise<void> {
  const cache = edgeCache()
  if (!cache) return
  try {
    const markers = { nonce: marker, formToken: `form-token-${marker}` }
    const html = new TextDecoder().decode(pageBody(page, markers))
    const response = new Response(html, {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': `public, max-age=${TTL_SECONDS}`,
        'X-Page-Status': String(page.status),
        [SLOT_HEADERS.nonce]: markers.nonce,
        [SLOT_HEADERS.formToken]: markers.formToken,
      },
    })
    await cache.put(await edgeRequest(key, origin), response)
  } catch (error) {
    log.warn('page-cache', 'write failed', { error })
  }
}
