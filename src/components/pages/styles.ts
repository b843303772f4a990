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
  focus: 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-300',
  textLink:
    'font-medium text-indigo-300 underline underline-offset-4 hover:text-indigo-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-300',
  primaryButton:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-indigo-600 px-6 py-2.5 font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-300',
}
