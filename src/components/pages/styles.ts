/** Class lists shared by the inner pages, so their links, cards and headings look alike. */
export const pageStyles = {
  /** Page column below the fixed header. */
  container: 'mx-auto w-full max-w-6xl px-4 pt-28 pb-20 sm:px-6 lg:px-8',
  /** Narrow column for long-form text (articles, legal pages). */
  readingColumn: 'mx-auto w-full max-w-3xl px-4 pt-28 pb-20 sm:px-6',
  h1: 'text-4xl font-bold tracking-tight text-white sm:text-5xl',
  h2: 'text-2xl font-semibold tracking-tight text-white sm:text-3xl',
  h3: 'text-xl font-semibold text-white',
  lead: 'mt-4 max-w-3xl text-lg text-slate-300',
  body: 'text-base leading-relaxed text-slate-300',
  card: 'rounded-2xl border border-white/10 bg-white/5 p-6',
  /** The site's shared link and button classes (src/styles/app.css), so inner pages match the home page. */
  textLink: 'text-link',
  primaryButton: 'btn btn-primary',
}
