/**
 * The locale registry (src/lib/locales.ts) and each locale's words (src/content/locales/): codes are
 * BCP 47 in their canonical spelling, Accept-Language is read by weight, and a translation is its
 * source's shape with only words changed (same lists, same pictures, videos and links).
 */
import { describe, expect, it } from 'vitest'
import { localeWords } from '../../src/content/locales'
import { defaultSiteCopy } from '../../src/content/site-copy'
import {
  addLocaleForTest,
  DEFAULT_LOCALE,
  isCanonicalTag,
  LOCALES,
  localePath,
  locales,
  preferredLocale,
} from '../../src/lib/locales'
import { WORKER_ADDRESSES } from '../../src/lib/worker-addresses'
import { navSchema, siteSchema } from '../../src/schemas/content'
import { uiCopySchema } from '../../src/schemas/copy'
import { postSlugSchema } from '../../src/schemas/posts'
import { siteCopySchema, translatedCopySchema } from '../../src/schemas/site-copy'

describe('the locale registry', () => {
  it('holds canonical BCP 47 codes, the default first, and refuses any other spelling', () => {
    expect(LOCALES[0].code).toBe(DEFAULT_LOCALE)
    for (const row of LOCALES) {
      expect(isCanonicalTag(row.code), row.code).toBe(true)
      expect(isCanonicalTag(row.intl), row.intl).toBe(true)
      expect(row.og).toMatch(/^[a-z]{2,3}_[A-Z]{2}$/)
    }
    for (const bad of ['DE', 'de_AT', 'en-us', 'de-', '', 'x']) expect(isCanonicalTag(bad), bad).toBe(false)
    expect(() =>
      addLocaleForTest({ code: 'de_AT', name: 'x', og: 'de_AT', dir: 'ltr', intl: 'de-AT' }),
    ).toThrow()
    const remove = addLocaleForTest({ code: 'ar', name: 'العربية', og: 'ar_AR', dir: 'rtl', intl: 'ar' })
    expect(locales().map((row) => row.code)).toContain('ar')
    remove()
    expect(locales().map((row) => row.code)).toEqual(LOCALES.map((row) => row.code))
  })

  it('puts the default locale at its own address and every other under its code', () => {
    expect(localePath('en', '/')).toBe('/')
    expect(localePath('en', '/about-us')).toBe('/about-us')
    expect(localePath('de', '/')).toBe('/de/')
    expect(localePath('de', '/about-us')).toBe('/de/about-us')
  })

  it("keeps each locale's prefix from posts, landing pages and redirects", () => {
    expect(postSlugSchema.safeParse('de').success).toBe(false)
    expect(postSlugSchema.safeParse('deutsch').success).toBe(true)
    expect(WORKER_ADDRESSES).toContain('/de')
  })

  it('reads Accept-Language by weight, matching a region to its language, never `*`', () => {
    const offered = ['en', 'de']
    expect(preferredLocale(undefined, offered)).toBeUndefined()
    expect(preferredLocale('', offered)).toBeUndefined()
    expect(preferredLocale('de', offered)).toBe('de')
    expect(preferredLocale('de-AT,de;q=0.9', offered)).toBe('de')
    expect(preferredLocale('en-GB,de;q=0.5', offered)).toBe('en')
    expect(preferredLocale('fr, de;q=0.5, en;q=0.4', offered)).toBe('de')
    expect(preferredLocale('en;q=0.2, DE;q=0.8', offered)).toBe('de')
    expect(preferredLocale('de;q=0, en', offered)).toBe('en')
    expect(preferredLocale('*', offered)).toBeUndefined()
    expect(preferredLocale('fr-FR, ja', offered)).toBeUndefined()
    expect(preferredLocale('deu, den', offered)).toBeUndefined()
  })
})

/** Every leaf of a value by its path: `home.hero.ctas.0.label` → 'Try it now!'. */
function leaves(value: unknown, path = ''): Map<string, unknown> {
  if (value === null || typeof value !== 'object') return new Map([[path, value]])
  return new Map(
    Object.entries(value).flatMap(([key, inner]) => [...leaves(inner, path ? `${path}.${key}` : key)]),
  )
}

/** Whether a leaf is a word a translator writes (not an address, a picture, an id or a figure). */
const isWords = (path: string) =>
  !/(^|\.)(src|poster|url|href|path|section|post|id|avatar|part|width|height|viewer|name|value)$/.test(
    path,
  ) &&
  !/\.target\./.test(path) &&
  !/layout\./.test(path)

describe("each locale's words", () => {
  it('parse with the same schemas as the English', async () => {
    expect(siteCopySchema.safeParse(defaultSiteCopy).error?.issues ?? []).toEqual([])
    for (const { code } of LOCALES) {
      const { copy, chrome } = await localeWords(code)
      // The default locale's copy is the studio's (the content service), another's its own.
      expect(copy === undefined, code).toBe(code === DEFAULT_LOCALE)
      if (copy) expect(translatedCopySchema.safeParse(copy).error?.issues ?? [], code).toEqual([])
      expect(uiCopySchema.safeParse(chrome.ui).error?.issues ?? [], code).toEqual([])
      expect(navSchema.safeParse(chrome.nav).error?.issues ?? [], code).toEqual([])
      expect(siteSchema.safeParse(chrome.site).error?.issues ?? [], code).toEqual([])
    }
  })

  it("are the English copy's shape, with its pictures, videos and links, and only words changed", async () => {
    const source = leaves(defaultSiteCopy)
    for (const { code } of LOCALES.filter((row) => row.code !== DEFAULT_LOCALE)) {
      const translated = leaves((await localeWords(code)).copy)
      expect([...translated.keys()].sort(), code).toEqual([...source.keys()].sort())
      const moved = [...source].filter(([path, value]) => !isWords(path) && translated.get(path) !== value)
      // Figures may be written the locale's way (74% → 74 %); nothing else that is not words moves.
      expect(
        moved.filter(([path]) => !/\.value$/.test(path)),
        code,
      ).toEqual([])
      // Words left as the English are few, and each is a name or a word both languages share.
      const same = [...source].filter(
        ([path, value]) => isWords(path) && typeof value === 'string' && translated.get(path) === value,
      )
      expect(same.length, `${code}: ${same.map(([path]) => path).join(', ')}`).toBeLessThan(25)
    }
  })

  it('the spec pins the English headings: a translation writes its own, the English cannot', () => {
    const about = { ...defaultSiteCopy.about, heading: 'Über uns' }
    expect(siteCopySchema.safeParse({ ...defaultSiteCopy, about }).success).toBe(false)
    expect(translatedCopySchema.safeParse({ ...defaultSiteCopy, about }).success).toBe(true)
  })
})
