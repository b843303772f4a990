/**
 * What the platform gives the worker. Bindings and vars come from wrangler.toml through the
 * generated `Env` (src/worker-configuration.d.ts: `npm run types`, checked by `npm run typecheck`
 * so it cannot drift). Secrets are optional: each one turns a feature on (.dev.vars.example).
 */
export interface Bindings extends Env {
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
