/** Types for page-bytes.mjs (used by tests/unit/page-bytes.test.ts). */
export interface ManifestEntry {
  file: string
  src?: string
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
  isEntry?: boolean
}
export interface ManifestInfo {
  manifest: Record<string, ManifestEntry>
  byFile: Map<string, string>
}
export interface PageBytes {
  jsFiles: string[]
  cssFiles: string[]
  islands: string[]
  jsGzip: number
  jsRaw: number
  /** The page's inline scripts that run (not JSON data nor the speculation rules), raw bytes. */
  inlineJs: number
  cssGzip: number
  htmlGzip: number
  htmlRaw: number
  kind: 'islands' | 'enhance' | 'none'
}
export const KB: number
export const BYTE_BUDGETS: {
  homeJs: number
  homeHtml: number
  css: number
  enhanceJs: number
  inlineJs: number
}
export function gzipSize(data: string | Uint8Array): number
export function loadManifest(clientDir: string): ManifestInfo
export function pageBytes(html: string, clientDir: string, manifestInfo: ManifestInfo): PageBytes
export function byteBudgetFailures(route: string, bytes: PageBytes): string[]
