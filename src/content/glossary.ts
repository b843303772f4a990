/**
 * Names a translation never translates (docs/locales.md, "Suggestions"): the company's, its
 * products' (the Interactive Commerce Suite's showcases), its client brands' and the demo stores'.
 * Read from the content they are named in, so a renamed product is renamed here too.
 */
import { brands } from './brands'
import { offers } from './home/offers'
import { showcase } from './home/showcase'
import { site } from './site'

export const glossary: readonly string[] = [
  ...new Set([
    site.name,
    offers.suite.title,
    ...offers.suite.showcases.map((item) => item.title),
    ...brands.map((brand) => brand.name),
    ...showcase.stores.items.map((item) => item.title),
  ]),
]
