/** The leads wing's door for the page helpers other wings' routes use; its routes are mounted from above. */
export { leadsBySource, waitingLeads } from './render/lead-reads'
