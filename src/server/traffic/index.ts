/** The traffic wing's door for its services, storage and values: what another wing may import from it (README, Architecture). */
export { BOT_AGENT, FROM_SEPARATOR, notAView } from './services/traffic'
export type { TrafficCounter, ViewRequest } from './services/traffic'
export type { TrafficStore } from './storage/traffic'
export { shareOf } from './services/vitals-sampling'
export { buildSpeedWindow } from './services/speed-report'
export { slowPages, slowPagesText } from './services/speed-alert'
export { readCrux } from './services/crux'
