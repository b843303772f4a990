/**
 * Every refusal the console's services can answer with, as codes. A service returns a code
 * (lib/result.ts refuse), the door turns it into the words content/admin holds for it, and each
 * list of words there `satisfies Record<Code, string>`, so none can reach a person bare.
 */

/** Why the console or the settings API does not let a request in (people/services/access.ts). */
export const ACCESS_REFUSALS = [
  'wrong-password',
  'bad-api-token',
  'need-api-token',
  'through-access',
  'bad-access-token',
  'no-role',
  'locked-out',
  'guard-down',
  'password-off',
  'password-too-short',
] as const
export type AccessRefusal = (typeof ACCESS_REFUSALS)[number]

/** Why a change of the team was refused (people/services/team.ts). */
export const TEAM_REFUSALS = [
  'last-one',
  'password-admin',
  'yourself',
  'name-taken',
  'invitation-gone',
] as const
export type TeamRefusal = (typeof TEAM_REFUSALS)[number]

/** What an admin can do to one lead: lib/admin-links.ts, where the addresses name them. */
export { LEAD_ACTIONS, type LeadActionName as LeadAction } from '../lib/admin-links'

/** Why a traffic page or export refused its query string (traffic/routes/admin/traffic.ts). */
export const TRAFFIC_REFUSALS = ['bad-period', 'bad-breakdown'] as const
export type TrafficRefusal = (typeof TRAFFIC_REFUSALS)[number]

/** Why a viewer-URL form post was not read (viewer-url/middleware/viewer-url-form.ts). */
export const FORM_REFUSALS = ['not-a-form', 'unreadable'] as const
export type FormRefusal = (typeof FORM_REFUSALS)[number]

/** Why the media library refused an upload or a delete (studio/services/media-library.ts). */
export const MEDIA_REFUSALS = [
  'no-file',
  'not-image',
  'too-large',
  'undecodable',
  'no-alt',
  'in-use',
  'gone',
] as const
export type MediaRefusal = (typeof MEDIA_REFUSALS)[number]

/** Why a redirect was refused: what was typed (lib/redirect-rules.ts), then the site's rules (studio/services/redirects.ts). */
export const REDIRECT_REFUSALS = [
  'bad-from',
  'bad-to',
  'insecure',
  'unknown-name',
  'bad-status',
  'backslash',
  'name-in-host',
  'served',
  'chain',
  'loop',
  'pattern-chain',
] as const
export type RedirectRefusal = (typeof REDIRECT_REFUSALS)[number]

/** Why an experiment was refused (experiments/services/experiment-desk.ts). */
export const EXPERIMENT_REFUSALS = [
  'bad-name',
  'unknown-document',
  'no-draft',
  'same-as-arm',
  'too-many-arms',
  'bad-split',
  'bad-share',
  'bad-lift',
  'busy',
  'arm-invalid',
  'arm-broken',
  'not-draft',
  'not-running',
  'unknown-arm',
] as const
export type ExperimentRefusal = (typeof EXPERIMENT_REFUSALS)[number]
