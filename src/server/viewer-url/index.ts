/** The viewer-url wing's door for its services, storage and values: what another wing may import from it (README, Architecture). */
export { viewerUrlForPage } from './services/viewer-url'
