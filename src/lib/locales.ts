/**
 * The site's locales, one row each (docs/locales.md). English is the default, at `/` and unprefixed,
 * so no address moves; every other locale lives under `/<code>/`. A row's code is a BCP 47 tag in
 * its canonical spelling (checked with Intl when this module loads, and by tests/unit/locales.test.ts);
 * its words are a row of `localeWords` (src/content/locales.ts), which TypeScript refuses without.
 * Adding a locale is one row here plus its words.
 */

/** One locale of the site. */
export interface LocaleRow {
  /** The BCP 47 tag: `<html lang>`, hreflang, the path prefix. */
  code: string
  /** The language's name in itself, as the switcher and the banner show it. */
  name: string
  /** Open Graph's spelling (`language_TERRITORY`). */
  og: string
  /** The script's direction, `<html dir>`. */
  dir: 'ltr' | 'rtl'
  /** The tag dates and numbers are written with (Intl.DateTimeFormat, Intl.NumberFormat). */
  intl: string
}

export const LOCALES = [
  { code: 'en', name: 'English', og: 'en_US', dir: 'ltr', intl: 'en-US' },
  { code: 'de', name: 'Deutsch', og: 'de_DE', dir: 'ltr', intl: 'de-DE' },
] as const satisfies readonly LocaleRow[]

export type LocaleCode = (typeof LOCALES)[number]['code']

/** The locale at `/`, unprefixed: where x-default points. */
export const DEFAULT_LOCALE = 'en' satisfies LocaleCode

/**
 * The rows a test may add to (an `ar` right-to-left fixture: tests/support/rtl-locale.ts), in the
 * style of the studio's `addKindForTest`; the site ships only LOCALES.
 */
const rows: LocaleRow[] = [...LOCALES]

/** Whether `code` is a BCP 47 tag in its canonical spelling (`de`, `de-AT`; not `DE`, `de_AT`, `german`). */
export function isCanonicalTag(code: string): boolean {
  try {
    return Intl.getCanonicalLocales(code)[0] === code
  } catch {
    return false
  }
}

for (const row of rows) if (!isCanonicalTag(row.code)) throw new Error(`locale ${row.code}: not a BCP 47 tag`)

/** Every locale the site serves, the default first. */
export function locales(): readonly LocaleRow[] {
  return rows
}

/** The row of `code`, or undefined for a code the site does not serve. */
export function localeRow(code: string): LocaleRow | undefined {
  return rows.find((row) => row.code === code)
}

/** Adds a locale for a test, and gives back the function that takes it away. */
export function addLocaleForTest(row: LocaleRow): () => void {
  if (!isCanonicalTag(row.code)) throw new Error(`locale ${row.code}: not a BCP 47 tag`)
  rows.push(row)
  return () => void rows.splice(rows.indexOf(row), 1)
}

/**
 * A page's address in a locale: the default's is the path itself; another's is under `/<code>`,
 * its home `/<code>/`.
 *
 * @example localePath('de', '/about-us') // '/de/about-us'
 * @example localePath('de', '/') // '/de/'
 */
export function localePath(code: string, path: string): string {
  if (code === DEFAULT_LOCALE) return path
  return path === '/' ? `/${code}/` : `/${code}${path}`
}

/**
 * The locale of a site path: its prefix's, when its first segment is another locale's code; the
 * default's for any other path (an English page, a post, a landing page).
 *
 * @example localeOfPath('/de/about-us') // 'de'
 * @example localeOfPath('/about-us') // 'en'
 */
export function localeOfPath(path: string): string {
  const first = path.split('/')[1] ?? ''
  return first !== DEFAULT_LOCALE && localeRow(first) ? first : DEFAULT_LOCALE
}

/** One language version of a page: its locale and its address. */
export interface Alternate {
  code: string
  path: string
}

/** A page's versions in `codes` (those the page has, in the registry's order), its base `path` given. */
export function alternatesOf(path: string, codes: readonly string[]): Alternate[] {
  return rows
    .filter((row) => codes.includes(row.code))
    .map((row) => ({ code: row.code, path: localePath(row.code, path) }))
}

/**
 * The locale a visitor's Accept-Language prefers among `offered`, or undefined when it names none
 * of them (or is absent: a crawler). Weights are honoured; `de-AT` matches an offered `de`; `*`
 * matches nothing, so it never suggests a language nobody asked for.
 */
export function preferredLocale(acceptLanguage: string | null | undefined, offered: readonly string[]) {
  if (!acceptLanguage) return undefined
  const ranges = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean)
      return { range: range.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter((r) => r.range && r.range !== '*' && r.q > 0 && Number.isFinite(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const { range } of ranges) {
    const found = offered.find((code) => {
      const tag = code.toLowerCase()
      return range === tag || range.startsWith(`${tag}-`)
    })
    if (found) return found
  }
  return undefined
}
