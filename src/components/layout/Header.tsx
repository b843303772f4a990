/** Placeholder until the site header lands. */
export function Header() {
  return (
    <header>
      <a href="/">Home</a>
    </header>
  )
}
