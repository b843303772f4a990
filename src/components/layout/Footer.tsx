/** Placeholder until the site footer lands. */
export function Footer() {
  return <footer>Footer</footer>
}
