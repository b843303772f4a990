/**
 * What a request handler sees: the platform's bindings (src/env.ts) and the variables the
 * middleware set, above all `services`, the long-lived objects the composition root
 * (server/isolate.ts servicesFor) built for this isolate and env. Handlers read
 * `c.var.services`; nothing below the entry looks services up.
 */
import type { Config } from './platform/config'
import type { WebhookConfig } from './leads/services/lead-webhook'
import type { DeviceStore } from './people/storage/admin-devices'
import type { Bindings } from '../env'
import type { Result } from '../lib/result'
import type { PageMemory } from './platform/render/page-memory'
import type { AccessService, Person } from './people/services/access'
import type { ActivityLog } from './people/services/activity'
import type { Assignment, ExperimentDesk, Experiments } from './experiments'
import type { ContentService } from './studio/services/content'
import type { ContentHistory } from './studio/services/content-history'
import type { ContentUpkeep } from './studio/services/content-upkeep'
import type { MediaLibrary } from './studio/services/media-library'
import type { PageDesk } from './studio/services/page-desk'
import type { PostDesk } from './studio/services/post-desk'
import type { ShareLinks } from './studio/services/share-links'
import type { RedirectService } from './studio/services/redirects'
import type { TranslationDesk } from './studio/services/translation-desk'
import type { Alerts } from './platform/services/alerts'
import type { ContactVerdicts } from './leads/services/contact-verdict'
import type { FormTokens } from './leads/services/form-token'
import type { LeadDesk } from './leads/services/lead-desk'
import type { LeadMailer } from './leads/services/lead-mailer'
import type { AdminSessions } from './people/services/admin-sessions'
import type { Passkeys } from './people/services/passkeys'
import type { Team } from './people/services/team'
import type { TrafficCounter } from './traffic/services/traffic'
import type { VitalsCollector } from './traffic/services/vitals'
import type { VitalsSampling } from './traffic/services/vitals-sampling'
import type { SpeedStore } from './traffic/storage/speed'
import type { CruxReader } from './traffic/services/crux'
import type { CruxStore } from './traffic/storage/crux'
import type { NetworkErrors } from './traffic/services/network-errors'
import type { Turnstile } from './leads/services/turnstile'
import type { ViewerUrlService } from './viewer-url/services/viewer-url'
import type { KeyRing } from './platform/storage/app-keys'
import type { SettingsHistory } from './viewer-url/storage/settings-history'

export type { Bindings } from '../env'

/**
 * The services, grouped by the wing that owns them (README, Architecture): `services.studio.content`,
 * `services.leads.desk`. A wing's group is built by the root from that wing's parts.
 */
export interface Services {
  leads: {
    /** Every lead, the one way onto the queue, and the console's actions. */
    desk: LeadDesk
    /** E-mails a claimed lead (EmailJS, or the local outbox under `npm run dev`). */
    mailer: LeadMailer
    /** The CRM hand-off (LEAD_WEBHOOK_URL), or why it is off (leads/services/lead-webhook.ts). */
    webhook: WebhookConfig
    /** The contact form's signed served-at tokens (leads/services/form-token.ts). */
    formTokens: FormTokens
    /** What becomes of a valid contact post: spam, held or a lead (leads/services/contact-verdict.ts). */
    verdicts: ContactVerdicts
    /** Cloudflare Turnstile's check of each contact post, when it is on (leads/services/turnstile.ts). */
    turnstile?: Turnstile
  }
  people: {
    /** Who a request is, whether a password may be tried now, and what a person may do. */
    access: AccessService
    /** Console sessions (people/services/admin-sessions.ts). */
    sessions: AdminSessions
    /** The browsers each admin signed in on: what makes a device cookie count (people/storage/admin-devices.ts). */
    devices: DeviceStore
    /** Named admins, their roles, passkeys and invitations (people/services/team.ts). */
    team: Team
    /** Who did what in the console (people/services/activity.ts). */
    activity: ActivityLog
    /** WebAuthn ceremonies for the console (people/services/passkeys.ts). */
    passkeys: Passkeys
  }
  studio: {
    /** The site's content as visitors see it, and the studio's drafts and publishes (studio/services/content.ts). */
    content: ContentService
    /** The studio's history: what each publish changed, and Restore. */
    history: ContentHistory
    /** The daily trim of editions that equal the repository's copy (studio/services/content-upkeep.ts). */
    upkeep: ContentUpkeep
    /** The studio's posts: the list, a new post, take off the site, revert (studio/services/post-desk.ts). */
    posts: PostDesk
    /** The studio's landing pages: the list, and a new page under a free address (studio/services/page-desk.ts). */
    landingPages: PageDesk
    /** Links to a landing page's draft for people without an account (studio/services/share-links.ts). */
    shareLinks: ShareLinks
    /** The media library: uploads, variants, deletes (studio/services/media-library.ts). */
    media: MediaLibrary
    /** Old addresses sent on (studio/services/redirects.ts): the table each 404 asks first, and the console's rules. */
    redirects: RedirectService
    /** A document's translation beside its English, field statuses, progress (console only: loaded with its first page). */
    translations: () => Promise<TranslationDesk>
  }
  experiments: {
    /** Which arm of each running experiment a visitor sees, its exposures and leads (experiments/services/experiments.ts). */
    edge: Experiments
    /** The console's experiments: make, start, stop, make an arm live, results (experiments/services/experiment-desk.ts). */
    desk: ExperimentDesk
  }
  traffic: {
    /**
     * Page views counted at the edge (traffic/services/traffic.ts), or why the configured traffic store
     * cannot run (views are then not counted, and the traffic pages answer 503 saying why).
     */
    counter: Result<TrafficCounter>
    /** Field speed from visitors' browsers, as histograms in D1 whatever the traffic store (traffic/services/vitals.ts). */
    vitals: VitalsCollector
    /** The share of views whose speed is measured, which an admin sets (traffic/services/vitals-sampling.ts). */
    sampling: VitalsSampling
    /** What the Speed page and the speed beside conversion read of it (traffic/storage/speed.ts). */
    speed: SpeedStore
    /** Google's 28-day view (CrUX) as the daily job last read it; the reader, null without CRUX_API_KEY. */
    crux: { store: CruxStore; reader: CruxReader | null }
    /** The network errors visitors' browsers report on their own (NEL; traffic/services/network-errors.ts). */
    networkErrors: NetworkErrors
  }
  viewerUrl: {
    /** The viewer address service, or why its store cannot run (routes that need it answer 503). */
    service: Result<ViewerUrlService>
    /** Who changed the viewer address, when, and through which door. */
    history: SettingsHistory
  }
  platform: {
    /** Every duration the worker waits on and every number a deployer sets, parsed once (platform/config.ts). */
    config: Config
    /** The alert webhook, folded per event kind (platform/services/alerts.ts). */
    alerts: Alerts
    /** Rendered pages kept in this isolate (platform/render/page-cache.ts). */
    pages: PageMemory
    /** Keys the worker made for itself in D1 (signing the no-JS form's result). */
    keys: KeyRing
  }
}

export interface Variables {
  secureHeadersNonce?: string
  services: Services
  /** The origin absolute URLs use: SITE_ORIGIN, or the request's own (platform/middleware/site-origin.ts). */
  siteOrigin: string
  /** Set by viewer-url/middleware/require-viewer-url.ts on the routes that change the address. */
  viewerUrl: ViewerUrlService
  /** Set by traffic/middleware/require-traffic.ts on the traffic pages. */
  traffic: TrafficCounter
  /**
   * Who signed in (people/middleware/console-session.ts, or admin-auth.ts for the JSON API): the admin's
   * name or Access e-mail, and their id in D1 when they signed in with a console session.
   */
  admin?: Person
  /** Set by the render of a page that shows Turnstile's widget: its CSP lets in the challenge frame. */
  challengeFrame?: boolean
  /** Set on a page whose address is a secret (a share link): no Referer leaves it (platform/middleware/security.ts). */
  noReferrer?: boolean
  /** Set by the site before a page (site/views.ts): the experiments' arms this visitor is shown, which the view count exposes. */
  assignment?: Assignment | null
}

export interface AppEnv {
  Bindings: Bindings
  Variables: Variables
}
