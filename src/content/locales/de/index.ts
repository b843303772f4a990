import type { SiteCopy } from '../../../schemas/site-copy'
import { aboutPage } from './about'
import { blogIndex } from './blog'
import { footer } from './footer'
import { gamingPage } from './gaming'
import { home } from './home'
import { tryPage } from './try'
import { tryOnPage } from './try-on'

export { nav, site, ui } from './chrome'
export { contact } from './contact'
export { notFound } from './not-found'
export { posts } from './posts'

/** Die Texte der Website auf Deutsch: dieselbe Form wie das Englische (schemas/site-copy.ts). */
export const copy = {
  home,
  about: aboutPage,
  tryOn: tryOnPage,
  gaming: gamingPage,
  try: tryPage,
  blogIndex,
  footer,
} satisfies SiteCopy
