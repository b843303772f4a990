/**
 * What a page makes the browser download, worked out from its HTML and the Vite manifest: the
 * module scripts it references, everything they import statically, the island chunks its
 * `data-island` widgets load lazily, and its stylesheets. Sizes are gzip (zlib level 6, what an
 * edge compresses on the fly) of the files in the build. Besides, the bytes of the page's inline
 * scripts (the prerender view beacon and the sampled speed reporter's loader, lib/page-script.ts),
 * raw: JSON data and the speculation rules are not scripts that run. The reporter that loader
 * fetches after `load` on a sampled share of views is not counted as the page's JS: nothing of it
 * loads at first load.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** @param {string | Uint8Array} data */
export const gzipSize = (data) => gzipSync(data, { level: 6 }).length

/**
 * @typedef {{ file: string, src?: string, imports?: string[], dynamicImports?: string[], css?: string[], isEntry?: boolean }} ManifestEntry
 * @typedef {{ jsFiles: string[], cssFiles: string[], islands: string[], jsGzip: number, jsRaw: number, inlineJs: number, cssGzip: number, htmlGzip: number, htmlRaw: number, kind: 'islands' | 'enhance' | 'none' }} PageBytes
 */

/** @param {string} clientDir */
export function loadManifest(clientDir) {
  /** @type {Record<string, ManifestEntry>} */
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8'))
  const byFile = new Map(Object.entries(manifest).map(([key, entry]) => [entry.file, key]))
  return { manifest, byFile }
}

/**
 * @param {string} html
 * @param {string} clientDir
 * @param {ReturnType<typeof loadManifest>} manifestInfo
 * @returns {PageBytes}
 */
export function pageBytes(html, clientDir, { manifest, byFile }) {
  const attr = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]
  const scriptSrcs = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => attr(m[0], 'src')).filter(Boolean)
  const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)].map((m) => attr(m[0], 'href'))
  const stylesheets = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].map((m) => attr(m[0], 'href'))
  const islands = [...new Set([...html.matchAll(/\sdata-island="([^"]+)"/g)].map((m) => m[1] ?? ''))]
  const inlineJs = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(
      ([, attrs]) => !/\ssrc=|\stype="(?:application\/(?:ld\+)?json|speculationrules)"/.test(attrs ?? ''),
    )
    .reduce((n, [, , body]) => n + Buffer.byteLength(body ?? ''), 0)

  const js = new Set()
  const css = new Set(stylesheets.filter(Boolean).map((href) => String(href).replace(/^\//, '')))
  /** @param {string} key */
  const visit = (key) => {
    const entry = manifest[key]
    if (!entry || js.has(entry.file)) return
    if (entry.file.endsWith('.js')) js.add(entry.file)
    for (const file of entry.css ?? []) css.add(file)
    for (const dep of entry.imports ?? []) visit(dep)
  }
  for (const src of [...scriptSrcs, ...preloads]) {
    const file = String(src).replace(/^\//, '')
    const key = byFile.get(file)
    if (key) visit(key)
    else js.add(file) // not from the build (should not happen): count it anyway
  }
  // React itself is loaded by the islands' entry once an island is wanted (src/client/hydrate.tsx).
  if (islands.length) visit('src/client/hydrate.tsx')
  for (const name of islands) {
    const key = Object.keys(manifest).find(
      (k) => k.endsWith(`/islands/${name}.tsx`) || k.endsWith(`/${name}.tsx`),
    )
    if (key) visit(key)
  }

  const sizeOf = (file) => {
    const bytes = readFileSync(join(clientDir, file))
    return { raw: bytes.length, gzip: gzipSize(bytes) }
  }
  const jsSizes = [...js].map(sizeOf)
  const cssSizes = [...css].map(sizeOf)
  const enhanceOnly = js.size > 0 && islands.length === 0
  return {
    jsFiles: [...js],
    cssFiles: [...css],
    islands,
    jsRaw: jsSizes.reduce((n, s) => n + s.raw, 0),
    jsGzip: jsSizes.reduce((n, s) => n + s.gzip, 0),
    inlineJs,
    cssGzip: cssSizes.reduce((n, s) => n + s.gzip, 0),
    htmlRaw: Buffer.byteLength(html),
    htmlGzip: gzipSize(html),
    kind: islands.length > 0 ? 'islands' : enhanceOnly ? 'enhance' : 'none',
  }
}

export const KB = 1024

/** Budgets from issues 2, 6 and 13, in gzip bytes. */
export const BYTE_BUDGETS = {
  /** Issue 13: React and the three home islands, with sonner and zod loaded only when used. */
  homeJs: 80 * KB,
  homeHtml: 30 * KB,
  css: 20 * KB,
  /** Pages with a video but no island load only the vanilla enhance script; our own ceiling. */
  enhanceJs: 2 * KB,
  /** Issue 62: every page's inline script, the speed reporter's loader included, in raw bytes. */
  inlineJs: 450,
}

/**
 * Byte budget failures of one page.
 * @param {string} route
 * @param {PageBytes} bytes
 */
export function byteBudgetFailures(route, bytes) {
  const failures = []
  const kb = (n) => (n / KB).toFixed(1) + ' KB'
  if (bytes.kind === 'none' && bytes.jsGzip > 0)
    failures.push(`${route}: JS ${kb(bytes.jsGzip)} on a page without islands`)
  if (bytes.kind === 'enhance' && bytes.jsGzip > BYTE_BUDGETS.enhanceJs)
    failures.push(`${route}: enhance-only JS ${kb(bytes.jsGzip)} > ${kb(BYTE_BUDGETS.enhanceJs)}`)
  if (route === '/' && bytes.jsGzip > BYTE_BUDGETS.homeJs)
    failures.push(`${route}: JS ${kb(bytes.jsGzip)} > ${kb(BYTE_BUDGETS.homeJs)}`)
  if (route === '/' && bytes.htmlGzip > BYTE_BUDGETS.homeHtml)
    failures.push(`${route}: HTML ${kb(bytes.htmlGzip)} > ${kb(BYTE_BUDGETS.homeHtml)}`)
  if (bytes.inlineJs > BYTE_BUDGETS.inlineJs)
    failures.push(`${route}: inline script ${bytes.inlineJs} B > ${BYTE_BUDGETS.inlineJs} B`)
  if (bytes.cssGzip > BYTE_BUDGETS.css)
    failures.push(`${route}: CSS ${kb(bytes.cssGzip)} > ${kb(BYTE_BUDGETS.css)}`)
  return failures
}
