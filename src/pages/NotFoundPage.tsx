import type { PageModule } from './types'

export const notFoundPage: PageModule = {
  meta: { title: 'Page not found', description: 'This page does not exist.', noindex: true },
  Page: () => (
    <section>
      <h1>Oops! Page not found</h1>
      <a href="/">Return to Home</a>
    </section>
  ),
}
