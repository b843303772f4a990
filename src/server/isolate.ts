/**
 * Everything this isolate keeps between requests, in one place. All of it is a cache or a
 * courtesy that may vanish at any moment (a new isolate starts empty); anything that must hold
 * across isolates (sign-in lockouts, the e-mail cap) lives in a Durable Object or D1 instead.
 * Tests start each case as a fresh isolate with resetIsolate().
 */
import { PageMemory } from './render/page-memory'
import { AccessKeys } from './services/access-jwt'
import { SendSlot } from './services/emailjs'
import { ViewerUrlServices } from './services/viewer-url-cache'
import { AppKeys } from './storage/app-keys'
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
  /** Cloudflare Access signing keys of the team (services/access-jwt.ts). */
  accessKeys: AccessKeys
  /** Keys the worker made for itself, as read from D1 (storage/app-keys.ts). */
  appKeys: AppKeys
}

function freshState(): IsolateState {
  return {
    pages: new PageMemory(),
    viewerUrls: new ViewerUrlServices(),
    googleTokens: new TokenCache(),
    emailSlot: new SendSlot(),
    accessKeys: new AccessKeys(),
    appKeys: new AppKeys(),
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
