/**
 * A page of the site in a locale (lib/locales.ts, docs/locales.md): the chrome it shares (its copy
 * is server/studio/services/locale-content.ts); the addresses its links take are ./local-href.ts.
 */
import { useRenderState } from '../components/RenderContext'
import type { LocaleChrome } from '../schemas/copy'

export { localeWords, offerWords } from '../content/locales'

/** The words every page of the page being rendered's locale shares. */
export function useChrome(): LocaleChrome {
  return useRenderState().chrome
}
