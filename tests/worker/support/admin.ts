/**
 * The admin console as tests meet it: pages fetched as the admin, form posts as a browser on
 * this site sends them, the viewer-URL history in D1, and the text a reader sees in the HTML.
 */
import type { Bindings } from '../../../src/env'
import { ADMIN_COOKIE, callApp, env, ORIGIN } from './app'

/** A console page as the signed-in admin (or whoever `cookie` signs in) sees it. */
export function adminGet(path: string, overrides: Partial<Bindings> = {}, cookie = ADMIN_COOKIE) {
  return callApp(path, { headers: { Cookie: cookie } }, overrides)
}

/** How a browser marks a post from a console page of this site (Origin, Sec-Fetch-Site, Referer). */
export const SAME_ORIGIN = { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Referer: `${ORIGIN}/admin` }

/**
 * A console form post as the admin, redirects not followed. `provenance` replaces the
 * same-origin headers (pass {} for a post with neither).
 */
export function adminPost(
  path: string,
  fields: Record<string, string> = {},
  {
    provenance = SAME_ORIGIN,
    overrides = {},
    cookie = ADMIN_COOKIE,
  }: { provenance?: Record<string, string>; overrides?: Partial<Bindings>; cookie?: string } = {},
) {
  return callApp(
    path,
    {
      method: 'POST',
      redirect: 'manual',
      headers: {
        Cookie: cookie,
        'Content-Type': 'application/x-www-form-urlencoded',
        ...provenance,
      },
      body: new URLSearchParams(fields).toString(),
    },
    overrides,
  )
}

export interface HistoryRow {
  id: number
  changed_at: string
  changed_by: string
  source: string
  old_value: string
  new_value: string
}

/** The viewer-URL history in D1, newest first. */
export async function historyRows(): Promise<HistoryRow[]> {
  const { results } = await env.DB.prepare(
    'SELECT * FROM settings_history ORDER BY id DESC',
  ).all<HistoryRow>()
  return results
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" }

/**
 * HTML to the text a reader sees: tags gone, block and cell ends as spaces, entities decoded,
 * and what is drawn invisible (a Copy button, until its script shows it) left out.
 */
export function visibleText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<button\b[^>]*\sclass="[^"]*\bcopy-tool\b[^"]*"[^>]*>[\s\S]*?<\/button>/g, ' ')
    .replace(/<\/(?:p|div|dt|dd|td|th|li|h\d|caption|button|nav|section)>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .trim()
}

/** The cells (as visible text) of each body row of the table with this caption. */
export function tableRows(html: string, caption: string): string[][] {
  const at = html.search(
    new RegExp(`<caption[^>]*>${caption.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</caption>`),
  )
  if (at < 0) throw new Error(`no table captioned "${caption}"`)
  const body = html.slice(html.indexOf('<tbody>', at), html.indexOf('</table>', at))
  return [...body.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => visibleText(cell[1]!)),
  )
}

/** The notice a page shows: its role ("status" or "alert") and text, or null. */
export function noticeOf(html: string): { role: string; text: string } | null {
  const match = /<div role="(status|alert)" class="notice[^"]*">([\s\S]*?)<\/div>/.exec(html)
  return match ? { role: match[1]!, text: visibleText(match[2]!) } : null
}
