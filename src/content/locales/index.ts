/**
 * Every locale's words (lib/locales.ts holds the rows): the chrome each page shares (the interface
 * words, the header's navigation, who we are), and each locale's copy but the default's, whose
 * copy is the studio's (the content service serves it with its live editions). TypeScript refuses
 * a row of LOCALES without its words here. The default locale's copy stays the repository's and the
 * spec's; another locale's copy has the same shape (schemas/site-copy.ts), held to it by
 * tests/unit/locale-copy.test.ts.
 */
import type { DEFAULT_LOCALE, LocaleCode } from '../../lib/locales'
import type { Nav, Site } from '../../schemas/content'
import type { UiCopy } from '../../schemas/copy'
import type { SiteCopy } from '../../schemas/site-copy'
import { nav } from '../nav'
import { site } from '../site'
import { ui } from '../ui'
import * as de from './de'

/** What every page of a locale shares around its own copy. */
export interface LocaleChrome {
  ui: UiCopy
  nav: Nav
  site: Site
}

export const localeChrome = {
  en: { ui, nav, site },
  de: { ui: de.ui, nav: de.nav, site: de.site },
} satisfies Record<LocaleCode, LocaleChrome>

/** The repository's copy of each locale but the default's. */
export const localeCopy = { de: de.copy } satisfies Record<
  Exclude<LocaleCode, typeof DEFAULT_LOCALE>,
  SiteCopy
>
