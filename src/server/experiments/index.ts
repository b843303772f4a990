/** The experiments wing's door for its services, storage and values: what another wing may import from it (README, Architecture). */
export type { ExperimentDesk } from './services/experiment-desk'
export type { Assignment, Experiments } from './services/experiments'
