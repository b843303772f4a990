/**
 * JSON for an inline `<script type="application/json">` block: `<`, `>` and `&` cannot close the
 * script or open a comment, and U+2028/2029 stay escaped (as Next.js's htmlescape does).
 *
 * @example serializeJson({ a: '</script>' }) === '{"a":"\\u003c/script\\u003e"}'
 */
export function serializeJson(value: unknown): string {
  return JSON.stringify(value ?? null).replace(/[<>&\u2028\u2029]/g, (ch) => ESCAPES[ch] ?? ch)
}

const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}
