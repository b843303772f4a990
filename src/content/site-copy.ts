import type { SiteCopy } from '../schemas/site-copy'
import { footer } from './footer'
import { home } from './home'
import { homeLayout } from './home/layout'
import { aboutPage } from './pages/about'
import { blogIndex } from './pages/blog'
import { gamingPage } from './pages/gaming'
import { tryOnPage } from './pages/try-on'
import { tryPage } from './pages/try'

/**
 * The site's copy as the repository has it: the defaults the studio's editions override field by
 * field (studio/services/content.ts). Only the composition root imports it; pages get the effective copy
 * from the content service.
 */
export const defaultSiteCopy = {
  home: { ...home, layout: homeLayout },
  about: aboutPage,
  tryOn: tryOnPage,
  gaming: gamingPage,
  try: tryPage,
  blogIndex,
  footer,
} satisfies SiteCopy
