/** The leads wing's door for its services, storage and values: what another wing may import from it (README, Architecture). */
export { TURNSTILE_ORIGIN } from './services/turnstile'
export { csvField } from './services/lead-export'
export type { LeadAttributionRow } from './storage/lead-queries'
