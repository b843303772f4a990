/** Everything the worker is given by the platform: bindings from wrangler.toml and secrets. */
export interface Bindings {
  /** Hashed client build and public/ files. */
  ASSETS: Fetcher
  /** Default settings store (viewer URL) when FIREBASE_DATABASE_URL is unset. */
  SETTINGS: KVNamespace
  /** Every lead and its delivery outcome: outbox, dead letters, idempotency keys. */
  LEADS_STORE: KVNamespace
  /** Queue that delivers leads to EmailJS. */
  LEADS: Queue<unknown>
  CONTACT_LIMITER: RateLimit
  ADMIN_LIMITER: RateLimit
  /** "development" (local) or "production" (deployed). */
  APP_ENV?: string
  EMAILJS_API_BASE?: string
  EMAILJS_PUBLIC_KEY?: string
  EMAILJS_PRIVATE_KEY?: string
  EMAILJS_SERVICE_ID?: string
  EMAILJS_TEMPLATE_ID?: string
  FIREBASE_DATABASE_URL?: string
  FIREBASE_AUTH?: string
  FIREBASE_SERVICE_ACCOUNT?: string
  ADMIN_USERNAME?: string
  ADMIN_PASSWORD?: string
}

export interface Variables {
  secureHeadersNonce?: string
}

export interface AppEnv {
  Bindings: Bindings
  Variables: Variables
}

export const isDevelopment = (env: Bindings) => env.APP_ENV !== 'production'
