/** The public routes to measure: from the worker's sitemap, or the spec's list when it has none. */

import { PUBLIC_ROUTES } from '../../tests/support/routes.ts'

export const SPEC_ROUTES = PUBLIC_ROUTES

/**
 * @param {string} baseUrl
 * @returns {Promise<{ routes: string[], source: string }>}
 */
export async function discoverRoutes(baseUrl) {
  try {
    const res = await fetch(baseUrl + '/sitemap.xml')
    if (res.ok) {
      const xml = await res.text()
      const routes = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
        (m) => new URL(decodeXml(m[1] ?? '')).pathname,
      )
      if (routes.length > 0) return { routes: [...new Set(routes)], source: 'sitemap.xml' }
    }
  } catch {
    // fall through to the spec's list
  }
  return { routes: SPEC_ROUTES, source: 'spec list (no sitemap)' }
}

/** @param {string} value */
function decodeXml(value) {
  return value.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&')
}

/**
 * Minimal `--name value` / `--flag` parser.
 * @param {string[]} argv
 * @returns {Record<string, string | true>}
 */
export function parseArgs(argv) {
  /** @type {Record<string, string | true>} */
  const args = {}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    if (!arg.startsWith('--')) continue
    const [name, inline] = arg.slice(2).split('=', 2)
    const next = argv[i + 1]
    if (inline !== undefined) args[name ?? ''] = inline
    else if (next !== undefined && !next.startsWith('--')) args[name ?? ''] = (i++, next)
    else args[name ?? ''] = true
  }
  return args
}

/** @param {string | true | undefined} value */
export function listArg(value) {
  return typeof value === 'string'
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined
}
