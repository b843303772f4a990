import type { Alternate } from '../../lib/locales'
import type { UiCopy } from '../../schemas/copy'

/** Another language version of the page, named in its own language. */
export type LanguageLink = Alternate & { name: string }

/** The banner's offer: the version the visitor's browser prefers, and its words in that language. */
export type LocaleOfferProps = Alternate & { words: UiCopy['languages'] }

/**
 * The language switcher: a link to this same page in each other locale it is published in, none
 * for a page that has no other (docs/locales.md). Plain links; in the header a landmark of its own,
 * in the footer a line (one landmark of that name a page).
 */
export function LanguageLinks({
  languages,
  label,
  look,
}: {
  languages: readonly LanguageLink[]
  label: string
  look: 'header' | 'footer'
}) {
  if (!languages.length) return null
  const links = languages.map((language) => (
    <a
      key={language.code}
      href={language.path}
      hrefLang={language.code}
      lang={language.code}
      className="languages-link"
    >
      {language.name}
    </a>
  ))
  if (look === 'footer')
    return (
      <p className="languages languages-footer">
        <span>{label}: </span>
        {links}
      </p>
    )
  return (
    <nav className="languages languages-header" aria-label={label}>
      {links}
    </nav>
  )
}

/**
 * The banner that offers this page in the visitor's language, in that language, drawn by the
 * server: no script, no cookie, no redirect. Its close link hides it by `:target` (the empty mark
 * before it: src/styles/layout.css), with no script either.
 */
export function LocaleOffer({ code, path, words }: LocaleOfferProps) {
  return (
    <>
      <span id="locale-offer-closed" className="locale-offer-closed" />
      <section className="locale-offer" lang={code} aria-label={words.label}>
        <div className="container locale-offer-bar">
          <p className="locale-offer-text">{words.offer}</p>
          <a href={path} hrefLang={code} className="btn btn-primary btn-sm">
            {words.action}
          </a>
          <a href="#locale-offer-closed" className="locale-offer-close">
            {words.close}
          </a>
        </div>
      </section>
    </>
  )
}
