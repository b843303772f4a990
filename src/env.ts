/**
 * What the platform gives the worker. Bindings and vars come from wrangler.toml through the
 * generated `Env` (src/worker-configuration.d.ts: `npm run types`, checked by `npm run typecheck`
 * so it cannot drift). Secrets are optional: each one turns a feature on (.dev.vars.example).
 * What a request handler sees besides is server/app-env.ts.
 */
export interface Bindings extends Env {
  EMAILJS_PUBLIC_KEY?: string
  EMAILJS_PRIVATE_KEY?: string
  EMAILJS_SERVICE_ID?: string
  EMAILJS_TEMPLATE_ID?: string
  /** The EmailJS template whose To Email reads {{to_email}}: a campaign form's other address (issue 63). */
  EMAILJS_OTHER_TEMPLATE_ID?: string
  FIREBASE_DATABASE_URL?: string
  FIREBASE_AUTH?: string
  FIREBASE_SERVICE_ACCOUNT?: string
  ADMIN_USERNAME?: string
  ADMIN_PASSWORD?: string
  /** A Bearer token (32+ characters) for machines on PUT /api/settings (people/services/access.ts). */
  SETTINGS_API_TOKEN?: string
  /** "development" under `npm run dev` and the tests; unset (production) everywhere else. */
  APP_ENV?: string
  /** Google's Chrome UX Report API key: the Speed page shows Google's 28-day view beside ours (traffic/services/crux.ts). */
  CRUX_API_KEY?: string
  /** Where alerts about dead and held leads go (a Slack incoming webhook works). */
  ALERT_WEBHOOK_URL?: string
  /** The CRM hand-off: each accepted lead posted there, signed with the secret (leads/services/lead-webhook.ts). */
  LEAD_WEBHOOK_URL: string
  /** `whsec_` + base64 of a 24-64 byte key, as Standard Webhooks has it; any other form keeps the hook off. */
  LEAD_WEBHOOK_SECRET?: string
  /** Cloudflare Access: the team domain (https://<team>.cloudflareaccess.com) and the app's AUD tag. */
  ACCESS_TEAM_DOMAIN?: string
  ACCESS_AUD?: string
  /** "true" keeps password sign-in open beside Cloudflare Access: the documented break-glass. */
  ADMIN_PASSWORD_WITH_ACCESS?: string
  /** Signs the contact form's token; without it, a key the worker makes in D1 (leads/services/form-token.ts). */
  FORM_TOKEN_SECRET?: string
  /** Cloudflare Turnstile on the contact form: on when both are set (leads/services/turnstile.ts). */
  TURNSTILE_SITE_KEY?: string
  TURNSTILE_SECRET_KEY?: string
  /** Where siteverify is called; only tests change it (https, or http on this machine). */
  TURNSTILE_VERIFY_URL?: string
  /**
   * Traffic in Workers Analytics Engine: on when the binding (commented in wrangler.toml, as an
   * account must enable Analytics Engine first), the account ID and an Account Analytics Read
   * token are all set (traffic/storage/traffic-backend.ts); D1 otherwise.
   */
  ANALYTICS?: AnalyticsEngineDataset
  CF_ACCOUNT_ID?: string
  CF_ANALYTICS_TOKEN?: string
  /** Where the SQL API is called; only tests change it (https, or http on this machine). */
  ANALYTICS_SQL_URL?: string
  /**
   * The share of page views whose speed is measured (percent, 0 to 100) until an admin chooses one on
   * the console's settings page; 25 when unset (traffic/services/vitals-sampling.ts). The browser tests set 0.
   */
  VITALS_DEFAULT_SHARE?: string
  /** Only tests set it: a JSON object of durations in ms overriding Config's defaults (server/platform/config.ts). */
  TIMINGS?: string
}

/**
 * Production unless APP_ENV says "development", which only `npm run dev` and the tests set: a
 * build deployed by any route, even a plain `wrangler deploy`, runs as production.
 */
export const isDevelopment = (env: Bindings) => env.APP_ENV === 'development'
