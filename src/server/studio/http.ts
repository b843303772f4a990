/** The studio wing's door for the middleware and page helpers other wings' routes use; its routes are mounted from above. */
export { pageWeigher } from './render/page-weight'
