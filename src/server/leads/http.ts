/** The leads wing's door for the middleware and page helpers the site and other wings' routes use; its routes are mounted from above. */
export { flashCookies, readContactFlash } from './render/contact-flash'
export type { ContactFlash } from './render/contact-flash'
export { leadsBySource, waitingLeads } from './render/lead-reads'
