/** The platform wing's door for the middleware and page helpers other wings' routes use; its routes are mounted from above. */
export { clientKeyOf, isRateLimited } from './middleware/rate-limit'
export { consoleForm, consolePages, sameOrigin, sameOriginForm } from './middleware/same-origin'
export { requireTraffic, requireViewerUrl } from './middleware/services'
export type { AnswerStyle } from './middleware/services'
export { flashCookies } from './render/contact-flash'
export { renderPage } from './render/render'
