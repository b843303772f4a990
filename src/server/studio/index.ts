/** The studio wing's door for its services, storage and values: what another wing may import from it (README, Architecture). */
export type { PageWeigher } from './services/composed-pages'
export type { ContentService } from './services/content'
export { libraryIdsOf } from './services/content-history'
export type { PageDesk } from './services/page-desk'
export type { PostDesk } from './services/post-desk'
export type { MediaStore } from './storage/media'
