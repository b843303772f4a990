/**
 * Everything this isolate keeps between requests, in one place. All of it is a cache or a
 * courtesy that may vanish at any moment (a new isolate starts empty); anything that must hold
 * across isolates (sign-in lockouts, the e-mail cap) lives in a Durable Object or D1 instead.
 * Tests start each case as a fresh isolate with resetIsolate().
 */
import { PageMemory } from './render/page-memory'
import { SendSlot } from './services/emailjs'
import { ViewerUrlServices } from './services/viewer-url-cache'
import { TokenCache } from './storage/google-token'

interface IsolateState {
  /** Rendered pages, least recently used first (page-cache.ts). */
  pages: PageMemory
  /** The viewer-URL service of each configured store, with its cache (services/viewer-url.ts). */
  viewerUrls: ViewerUrlServices
  /** Google access tokens for the RTDB service account (storage/google-token.ts). */
  googleTokens: TokenCache
  /** When this isolate may next call EmailJS, which takes 1 request per second (queue.ts). */
  emailSlot: SendSlot
  /**
   * Clients over the failed sign-in limit, refused before their credentials are checked
   * (middleware/admin-auth.ts). Per isolate only: issue 10 moves the count to a Durable Object.
   */
  adminLockouts: Map<string, number>
}

function freshState(): IsolateState {
  return {
    pages: new PageMemory(),
    viewerUrls: new ViewerUrlServices(),
    googleTokens: new TokenCache(),
    emailSlot: new SendSlot(),
    adminLockouts: new Map(),
  }
}

let state: IsolateState | undefined

export function isolate(): IsolateState {
  return (state ??= freshState())
}

/** Test hook: as if the next request reached a new isolate (and this location's caches were cold). */
export async function resetIsolate(): Promise<void> {
  const old = state
  state = freshState()
  await Promise.all((old?.viewerUrls.all() ?? []).map((service) => service.cache.expire()))
}
