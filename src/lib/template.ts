/**
 * Fills the `{name}` placeholders of a line of copy; unknown names stay as they are.
 *
 * @example fillTemplate('({current}/{total}) reviews', { current: 1, total: 4 }) === '(1/4) reviews'
 */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => String(values[name] ?? placeholder))
}
