/** The platform wing's door for the middleware and page helpers other wings' routes and the site use; its routes are mounted from above. */
export { clientKeyOf, isRateLimited } from './middleware/rate-limit'
export { consoleForm, consolePages, sameOrigin, sameOriginForm } from './middleware/same-origin'
export type { AnswerStyle } from './middleware/services'
export { resolveAssets } from './render/assets'
export { preloadLinkHeader } from './render/early-hints'
export {
  cacheWhileStreaming,
  pageBody,
  pageCacheEnabled,
  pageCacheKey,
  readCachedPage,
} from './render/page-cache'
