/**
 * The composition root and the one registry of per-isolate state. Everything this isolate keeps
 * between requests is here, and all of it is a cache or a courtesy that may vanish at any moment
 * (a new isolate starts empty); anything that must hold across isolates (sign-in lockouts, the
 * e-mail cap) lives in a Durable Object or D1. servicesFor(env) builds the long-lived objects
 * the doors, the queue consumer and the Cron Triggers use, once per isolate and env, handing
 * each its storage and its share of this state. Only the entry (src/worker.ts) imports this
 * module; tests start each case as a fresh isolate with resetIsolate().
 */
import { isDevelopment, type Bindings } from '../env'
import { siteOriginOf } from '../lib/endpoints'
import { ok, type Result } from '../lib/result'
import type { Services } from './app-env'
import { configFrom } from './platform/config'
import { PageMemory } from './platform/render/page-memory'
import { AccessService } from './people/services/access'
import { accessSettingsOf } from './people/services/access-settings'
import { ActivityLog } from './people/services/activity'
import { ActivityStore } from './people/storage/activity'
import { ContentCache, STAMP_TTL } from './studio/services/content'
import { RedirectCache } from './studio/services/redirects'
import { ExperimentCache } from './experiments/services/experiments'
import { experimentServices } from './experiment-services'
import { studioServices } from './studio-services'
import { SharedValue } from './platform/services/shared-value'
import { AccessKeys } from './people/services/access-jwt'
import { Alerts, alertWebhook } from './platform/services/alerts'
import { SendSlot } from './leads/services/emailjs'
import { SealedSearch } from './leads/services/sealed-search'
import { LeadDesk } from './leads/services/lead-desk'
import { leadChannels } from './leads/services/lead-channels'
import { LeadMailer } from './leads/services/lead-mailer'
import { AdminSessions } from './people/services/admin-sessions'
import { Passkeys } from './people/services/passkeys'
import { Team } from './people/services/team'
import { TrafficBuffer, trafficCounterFor } from './traffic/services/traffic'
import { VitalsBuffer } from './traffic/services/vitals'
import { vitalsSamplingFor } from './traffic/services/vitals-sampling'
import { fieldSpeedFor } from './traffic/services/crux'
import { turnstileFor } from './leads/services/turnstile'
import { DeviceStore } from './people/storage/admin-devices'
import { LeadAttempts } from './leads/storage/lead-attempts'
import { ChannelHealth } from './leads/storage/channel-health'
import { webhookConfig } from './leads/services/lead-webhook'
import { AdminStore } from './people/storage/admins'
import { SessionStore } from './people/storage/admin-sessions'
import { signInGuardOf } from './people/storage/sign-in-guard'
import { SignInTokens } from './people/storage/sign-in-tokens'
import { ViewerUrlService } from './viewer-url/services/viewer-url'
import { ViewerUrlCaches } from './viewer-url/services/viewer-url-cache'
import { AlertWindows } from './platform/storage/alert-windows'
import { AppKeys, KeyRing } from './platform/storage/app-keys'
import { ContactVerdicts } from './leads/services/contact-verdict'
import { FormTokens } from './leads/services/form-token'
import { TokenCache } from './viewer-url/storage/google-token'
import { LeadList } from './leads/storage/lead-list'
import { LeadRetention } from './leads/storage/lead-retention'
import { LeadQueries } from './leads/storage/lead-queries'
import { LeadStore } from './leads/storage/leads'
import { settingsConfigKey, settingsStoreFor } from './viewer-url/storage/settings-backend'
import { SettingsHistory } from './viewer-url/storage/settings-history'
import { SpentFormTokens } from './leads/storage/spent-form-tokens'

interface IsolateState {
  /** Rendered pages, least recently used first (platform/render/page-cache.ts). */
  pages: PageMemory
  /** The viewer address of each configured store, in memory and the Cache API. */
  viewerUrlCaches: ViewerUrlCaches
  /** Google access tokens for the RTDB service account (viewer-url/storage/google-token.ts). */
  googleTokens: TokenCache
  /** When this isolate may next call EmailJS, which takes 1 request per second. */
  emailSlot: SendSlot
  /** Cloudflare Access signing keys of the team (people/services/access-jwt.ts). */
  accessKeys: AccessKeys
  /** Keys the worker made for itself, as read from D1 (platform/storage/app-keys.ts). */
  appKeys: AppKeys
  /** Page views counted but not yet written (traffic/services/traffic.ts). */
  trafficBuffer: TrafficBuffer
  /** Field speed counted but not yet written (traffic/services/vitals.ts). */
  vitalsBuffer: VitalsBuffer
  /** The content stamp, the site built for it, and compiled posts (studio/services/content.ts). */
  content: ContentCache
  /** The console's redirects, read for the content stamp they belong to (studio/services/redirects.ts). */
  redirects: RedirectCache
  /** The running experiments and today's exposures written here (experiments/services/experiments.ts). */
  experiments: ExperimentCache
  /** Media-library variants being made here, so two requests for one make it once. */
  variantsMaking: Map<string, Promise<Result<ArrayBuffer | null>>>
  /** What servicesFor built, per env. */
  services: WeakMap<Bindings, Services>
}

function freshState(): IsolateState {
  return {
    pages: new PageMemory(),
    viewerUrlCaches: new ViewerUrlCaches(),
    googleTokens: new TokenCache(),
    emailSlot: new SendSlot(),
    accessKeys: new AccessKeys(),
    appKeys: new AppKeys(),
    trafficBuffer: new TrafficBuffer(),
    vitalsBuffer: new VitalsBuffer(),
    content: new ContentCache(new SharedValue('content-stamp', STAMP_TTL)),
    redirects: new RedirectCache(),
    experiments: new ExperimentCache(),
    variantsMaking: new Map(),
    services: new WeakMap(),
  }
}

let state: IsolateState | undefined

const isolate = (): IsolateState => (state ??= freshState())

/**
 * The services for `env`, built on first use in this isolate. `checks` is where who someone is gets
 * read: their session, role, devices and invitations (the console passes a D1 session that starts
 * at the primary, so a revoked session or a demotion is never read stale from a replica); `env.DB`
 * by default.
 */
export function servicesFor(env: Bindings, checks: D1Database = env.DB): Services {
  const { services } = isolate()
  const built = services.get(env) ?? compose(env, isolate(), checks)
  services.set(env, built)
  return built
}

function compose(env: Bindings, state: IsolateState, checks: D1Database): Services {
  const config = configFrom(env)
  const { timings } = config
  const history = new SettingsHistory(env.DB)
  const alerts = new Alerts(
    new AlertWindows(env.DB),
    alertWebhook(env),
    siteOriginOf(env.SITE_ORIGIN) ?? '',
    timings.alertWebhookBudgetMs,
  )
  const keys = new KeyRing(env.DB, state.appKeys)
  const store = settingsStoreFor(env, state.googleTokens, timings.settingsStoreBudgetMs)
  const admins = new AdminStore(checks)
  const signInTokens = new SignInTokens(checks)
  const sessions = new AdminSessions(new SessionStore(checks), admins)
  const formTokens = new FormTokens(
    env.FORM_TOKEN_SECRET?.trim() || undefined,
    keys,
    new SpentFormTokens(env.DB),
  )
  const turnstile = turnstileFor(env, timings.turnstileBudgetMs)
  const webhook = webhookConfig(env)
  const access = new AccessService(
    accessSettingsOf(env),
    state.accessKeys,
    sessions,
    () => signInGuardOf(env.SIGN_IN_GUARD),
    timings.accessKeysBudgetMs,
  )
  const channels = leadChannels(env, state.emailSlot, timings, config.dailyEmailCap)
  const leads = new LeadDesk({
    store: new LeadStore(env.DB),
    queries: new LeadQueries(env.DB),
    list: new LeadList(env.DB),
    retention: new LeadRetention(env.DB),
    attempts: new LeadAttempts(env.DB),
    webhook: webhook.on,
    queue: env.LEADS,
    alerts,
    search: new SealedSearch(keys),
    channels,
    dailyCap: config.dailyEmailCap,
    retentionDays: config.leadRetentionDays,
    spamRetentionDays: config.spamRetentionDays,
    retentionBatch: timings.retentionBatchLeads,
  })
  const studio = studioServices(env, state, alerts)
  const traffic = trafficCounterFor(env, state.trafficBuffer, config)
  return {
    leads: {
      desk: leads,
      mailer: new LeadMailer({
        channels,
        delivery: env.LEAD_DELIVERY === 'outbox' ? 'outbox' : 'channels',
        development: isDevelopment(env),
        health: new ChannelHealth(env.DB),
        alerts,
      }),
      webhook,
      formTokens,
      verdicts: new ContactVerdicts(formTokens, turnstile),
      turnstile,
    },
    people: {
      access,
      sessions,
      devices: new DeviceStore(checks, keys),
      team: new Team(
        admins,
        signInTokens,
        access.passwordState === 'on' ? access.passwordAdminName : undefined,
        access.passwordAdminName,
        (name) => studio.shareLinks.endBy(name),
      ),
      activity: new ActivityLog(new ActivityStore(env.DB), config.activityRetentionDays),
      passkeys: new Passkeys(admins, signInTokens),
    },
    studio,
    experiments: experimentServices(env, studio, traffic, leads, state.experiments, keys),
    traffic: {
      counter: traffic,
      ...fieldSpeedFor(env, state.vitalsBuffer, config),
      sampling: vitalsSamplingFor(env, state.vitalsBuffer.share, studio.content),
    },
    viewerUrl: {
      service: store.ok
        ? ok(
            new ViewerUrlService(
              store.value,
              history,
              state.viewerUrlCaches.for(env.SETTINGS, settingsConfigKey(env), store.value.id),
            ),
          )
        : store,
      history,
    },
    platform: { config, alerts, pages: state.pages, keys },
  }
}

/** Test hook: as if the next request reached a new isolate (and this location's caches were cold). */
export async function resetIsolate(): Promise<void> {
  const old = state
  state = freshState()
  await expireViewerUrls(old)
}

/** Test hook: as once the viewer address's memory and Cache API lifetimes have passed. */
export async function expireViewerUrls(from: IsolateState | undefined = state): Promise<void> {
  await Promise.all((from?.viewerUrlCaches.all() ?? []).map((cache) => cache.expire()))
}
