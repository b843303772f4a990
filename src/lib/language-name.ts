/**
 * A locale's code in the console's words: `de` is "German", `en` "English" (the registry,
 * lib/locales.ts, names each language in itself, for visitors). The code itself when Intl has no
 * name for it. Console-only: the lead page and the traffic page's languages.
 */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames('en', { type: 'language' }).of(code) ?? code
  } catch {
    return code
  }
}
