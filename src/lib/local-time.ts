/**
 * The visitor's local date-time for the e-mail when their browser could not send its own (no
 * JavaScript): the same `toLocaleString()` format the browser path sends, in their time zone
 * (an IANA name, Cloudflare's request.cf.timezone) and language (Accept-Language). Without a
 * usable zone it is UTC, and says so.
 *
 * @example localDateTime(new Date('2026-11-23T09:30:00Z'), 'Asia/Kolkata', 'en-US') === '11/23/2026, 3:00:00 PM'
 * @example localDateTime(new Date('2026-11-23T09:30:00Z'), undefined, 'en-GB') === '23/11/2026, 09:30:00 UTC'
 */
export function localDateTime(date: Date, timeZone: string | undefined, acceptLanguage = ''): string {
  const locale = firstLocale(acceptLanguage)
  if (timeZone) {
    try {
      return date.toLocaleString(locale, { timeZone })
    } catch {
      // An unknown zone: fall through to UTC.
    }
  }
  return `${date.toLocaleString(locale, { timeZone: 'UTC' })} UTC`
}

function firstLocale(acceptLanguage: string): string {
  const tag = acceptLanguage.split(',')[0]?.split(';')[0]?.trim() ?? ''
  try {
    return tag && tag !== '*' ? (Intl.getCanonicalLocales(tag)[0] ?? 'en-US') : 'en-US'
  } catch {
    return 'en-US'
  }
}
