/** The platform wing's door for its services, storage and values: what another wing may import from it (README, Architecture). */
export { DEFAULT_TIMINGS } from './config'
export type { Config, Timings } from './config'
export type { Alerts } from './services/alerts'
export { SharedValue } from './services/shared-value'
export type { KeyRing } from './storage/app-keys'
export { attempt, changed, changedOne } from './storage/attempt'
export { waitUntilOf } from './wait-until'
export type { WaitUntil } from './wait-until'
