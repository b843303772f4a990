/** Text or an attribute value for XML (sitemap, RSS): the five special characters as references. */
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}
