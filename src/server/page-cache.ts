/**
 * Page cache: HTML that does not depend on the request is rendered once and reused.
 *
 * A page's HTML depends only on the build, its path and status, the origin (canonical and Open
 * Graph URLs), the effective viewer URL, the contact flash and the CSP nonce (see RenderState).
 * Requests with a flash are never cached; everything else but the nonce is the key. The nonce is
 * the only per-request part, so a cached page is stored as the pieces between its nonces and
 * joined with the next request's nonce.
 *
 * The first (uncached) render streams to the visitor untouched; a tee'd copy is collected and,
 * once complete and error-free, split on that response's own nonce (128 random bits, so it
 * cannot occur in the content by chance). Lookups go to this isolate's memory first, then to
 * the location's Cache API (shared by its isolates), where the pieces are joined with a random
 * per-isolate slot token named in a header.
 */

declare const __BUILD_ID__: string | undefined
declare const __PAGE_CACHE_OFF__: boolean | undefined

/** Changes with every build (vite.config.ts defines it), so a deploy never serves old pages. */
const BUILD_ID = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'unbuilt'

/**
 * False in a build made with XR_PAGE_CACHE=off (`npm run bench` measures such a build for
 * comparison). render.tsx also keeps the cache off under Vite's dev server.
 */
export const pageCacheEnabled = !(typeof __PAGE_CACHE_OFF__ === 'boolean' && __PAGE_CACHE_OFF__)

/** How long an entry is used; the key already changes with the build and the viewer URL. */
const TTL_SECONDS = 3600
/** Memory bound per isolate (Workers give 128 MB); least recently used entries go first. */
const MAX_MEMORY_BYTES = 8 * 1024 * 1024
const MAX_MEMORY_ENTRIES = 256
/** A Hono nonce is 24 characters; anything much shorter could occur in the content. */
const MIN_NONCE_LENGTH = 16

const SLOT_HEADER = 'X-Page-Cache-Slot'
const EDGE_PATH = '/__page-cache/'

export interface PageKeyParts {
  path: string
  status: number
  origin: string
  viewerUrl: string
}

export interface CachedPage {
  status: number
  /** The HTML split at each nonce. */
  pieces: Uint8Array[]
  bytes: number
  expires: number
}

type WaitUntil = Pick<ExecutionContext, 'waitUntil'>

const encoder = new TextEncoder()
const memory = new Map<string, CachedPage>()
let memoryBytes = 0
let slotToken: string | undefined

export function pageCacheKey({ path, status, origin, viewerUrl }: PageKeyParts): string {
  return JSON.stringify([BUILD_ID, status, origin, path, viewerUrl])
}

/** The cached page for `key`: this isolate's memory, else the location's Cache API. */
export async function readCachedPage(key: string, origin: string): Promise<CachedPage | undefined> {
  const local = memory.get(key)
  if (local && local.expires > Date.now()) {
    // Refresh its place in the LRU order.
    memory.delete(key)
    memory.set(key, local)
    return local
  }
  if (local) forget(key)
  const shared = await readEdge(key, origin)
  if (shared) remember(key, shared)
  return shared
}

/** The cached HTML with this request's nonce in every slot. */
export function pageBody(page: CachedPage, nonce: string): Uint8Array<ArrayBuffer> {
  const nonceBytes = encoder.encode(nonce)
  const slots = page.pieces.length - 1
  const out = new Uint8Array(page.bytes + slots * nonceBytes.length)
  let at = 0
  page.pieces.forEach((piece, i) => {
    out.set(piece, at)
    at += piece.length
    if (i < slots) {
      out.set(nonceBytes, at)
      at += nonceBytes.length
    }
  })
  return out
}

export interface StoreOptions {
  key: string
  origin: string
  status: number
  nonce: string
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
  if (options.nonce.length < MIN_NONCE_LENGTH) return stream
  const [visitor, copy] = stream.tee()
  const stored = collect(copy).then(
    (html) => {
      if (!options.isClean()) return
      const page = pageFromHtml(html, options.nonce, options.status)
      remember(options.key, page)
      if (options.shareAtEdge) return writeEdge(options.key, options.origin, page)
    },
    () => undefined, // aborted or failed render: nothing to store
  )
  options.ctx?.waitUntil(stored)
  return visitor
}

/** Test hook: forget this isolate's entries (the Cache API is left alone). */
export function clearPageMemory(): void {
  memory.clear()
  memoryBytes = 0
}

function pageFromHtml(html: string, nonce: string, status: number): CachedPage {
  const pieces = html.split(nonce).map((piece) => encoder.encode(piece))
  return {
    status,
    pieces,
    bytes: pieces.reduce((n, piece) => n + piece.length, 0),
    expires: Date.now() + TTL_SECONDS * 1000,
  }
}

function remember(key: string, page: CachedPage): void {
  if (page.bytes > MAX_MEMORY_BYTES / 4) return
  forget(key)
  memory.set(key, page)
  memoryBytes += page.bytes
  for (const [oldKey] of memory) {
    if (memoryBytes <= MAX_MEMORY_BYTES && memory.size <= MAX_MEMORY_ENTRIES) break
    forget(oldKey)
  }
}

function forget(key: string): void {
  const page = memory.get(key)
  if (!page) return
  memory.delete(key)
  memoryBytes -= page.bytes
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

/** Random per isolate, created on first use (random values are not allowed at global scope). */
function slot(): string {
  if (!slotToken) {
    const bytes = crypto.getRandomValues(new Uint8Array(16))
    slotToken = 'page-cache-slot-' + [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  }
  return slotToken
}

function edgeCache(): Cache | undefined {
  return typeof caches === 'undefined' ? undefined : (caches as unknown as { default?: Cache }).default
}

async function edgeRequest(key: string, origin: string): Promise<Request> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(key))
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
  return new Request(origin + EDGE_PATH + hex)
}

async function readEdge(key: string, origin: string): Promise<CachedPage | undefined> {
  const cache = edgeCache()
  if (!cache) return undefined
  try {
    const res = await cache.match(await edgeRequest(key, origin))
    const token = res?.headers.get(SLOT_HEADER)
    if (!res || !token) return undefined
    return pageFromHtml(await res.text(), token, Number(res.headers.get('X-Page-Status') ?? 200))
  } catch (error) {
    console.warn('Page cache read failed:', error)
    return undefined
  }
}

async function writeEdge(key: string, origin: string, page: CachedPage): Promise<void> {
  const cache = edgeCache()
  if (!cache) return
  try {
    const token = slot()
    const decoder = new TextDecoder()
    const html = page.pieces.map((piece) => decoder.decode(piece)).join(token)
    const response = new Response(html, {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': `public, max-age=${TTL_SECONDS}`,
        'X-Page-Status': String(page.status),
        [SLOT_HEADER]: token,
      },
    })
    await cache.put(await edgeRequest(key, origin), response)
  } catch (error) {
    console.warn('Page cache write failed:', error)
  }
}
