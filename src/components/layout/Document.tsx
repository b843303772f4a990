import type { ReactNode } from 'react'
import { localeRow } from '../../lib/locales'
import { imagePreloadsFor, type PortraitSource } from '../../lib/media'
import { serializeJson } from '../../lib/serialize'
import { pageScript } from '../../lib/page-script'
import { speculationRulesJson } from '../../lib/speculation-rules'
import type { Footer as FooterContent, Nav, Site } from '../../schemas/content'
import { DRAFT_FORM_NOTE } from '../../schemas/contact-fields'
import type { UiCopy } from '../../schemas/copy'
import type { PageMeta } from '../../schemas/page-module'
import { usePageState, useRenderState } from '../RenderContext'
import { Footer } from './Footer'
import { Header } from './Header'
import { LocaleOffer, type LanguageLink, type LocaleOfferProps } from './LanguageLinks'
import { HreflangLinks, inLanguage, OpenGraphLocales } from './LocaleHead'

/** What every page shares around its body; the page layer fills it from content (pages/SiteDocument). */
export interface SiteChrome {
  site: Site
  nav: Nav
  footer: FooterContent
  ui: UiCopy
  /** The RSS feed every page's head links to: its locale's, saying its language when not the default's. */
  feed: { title: string; href: string; hrefLang?: string }
  /** The page's other language versions (the switcher: none when it has no other). */
  languages: readonly LanguageLink[]
  /** The banner offering the page in the visitor's language, when their browser prefers another. */
  offer?: LocaleOfferProps
}

interface DocumentProps {
  meta: PageMeta
  /** The page's address; null for a page that has none (the 404 page). */
  path: string | null
  chrome: SiteChrome
  children: ReactNode
}

/** What every document's head starts with, the console's too: charset, viewport, title, description, robots, theme colour and icon. */
export function HeadBasics({ meta }: { meta: PageMeta }) {
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      {meta.noindex ? <meta name="robots" content="noindex, nofollow" /> : null}
      <meta name="theme-color" content="#0b0b12" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    </>
  )
}

/** The whole HTML document: head, fixed header, the page, footer, and the client scripts it needs. */
export function Document({ meta, path, chrome, children }: DocumentProps) {
  const { assets, origin, nonce, preview, vitalsShare, locale } = useRenderState()
  const { site, ui } = chrome
  const canonical = path === null ? undefined : origin + path
  const row = localeRow(locale)
  const jsonLd = inLanguage(
    typeof meta.jsonLd === 'function' ? meta.jsonLd(origin) : meta.jsonLd,
    locale,
    canonical ? { name: meta.title, url: canonical } : undefined,
  )
  const card = meta.card ??
    meta.article?.image ?? { url: '/og-image.png', alt: `${site.name}: ${site.description}` }
  return (
    <html lang={locale} dir={row?.dir ?? 'ltr'}>
      <head>
        <HeadBasics meta={preview ? { ...meta, noindex: true } : meta} />
        {canonical ? <link rel="canonical" href={canonical} /> : null}
        {canonical ? <HreflangLinks /> : null}
        <meta property="og:type" content={meta.article ? 'article' : 'website'} />
        {meta.article ? (
          <meta property="article:published_time" content={meta.article.publishedTime} />
        ) : null}
        <meta property="og:site_name" content={site.name} />
        <OpenGraphLocales />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        {canonical ? <meta property="og:url" content={canonical} /> : null}
        <meta property="og:image" content={origin + card.url} />
        <meta property="og:image:width" content="1200" />
        <meta property="og:image:height" content="630" />
        <meta property="og:image:alt" content={card.alt} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        <meta name="twitter:image" content={origin + card.url} />
        <link
          rel="alternate"
          type="application/rss+xml"
          title={chrome.feed.title}
          // A link naming its language must give a full address (Lighthouse's hreflang audit).
          href={chrome.feed.hrefLang ? origin + chrome.feed.href : chrome.feed.href}
          hrefLang={chrome.feed.hrefLang}
        />
        <link rel="stylesheet" href={assets.styles} />
        {/* The preview bar's rules are the console's: visitors' pages never load them. */}
        {preview ? <link rel="stylesheet" href={assets.console} /> : null}
        {meta.preloadImage ? <ImagePreloads {...meta.preloadImage} /> : null}
        {jsonLd ? (
          <script
            type="application/ld+json"
            nonce={nonce}
            dangerouslySetInnerHTML={{ __html: serializeJson(jsonLd) }}
          />
        ) : null}
        {/* Public pages only: nothing under /admin or /update, and no preview, is ever prerendered. */}
        {meta.noindex || preview ? null : (
          <>
            <script
              type="speculationrules"
              nonce={nonce}
              dangerouslySetInnerHTML={{ __html: speculationRulesJson }}
            />
            <script
              nonce={nonce}
              dangerouslySetInnerHTML={{ __html: pageScript(vitalsShare ?? 0, assets.vitals) }}
            />
          </>
        )}
      </head>
      <body>
        <a className="skip-link" href="#main">
          {ui.skipLink}
        </a>
        {preview ? <PreviewBar {...preview} form={meta.contactForm === true} /> : null}
        <Header
          site={site}
          nav={chrome.nav}
          menu={ui.menu}
          path={path ?? ''}
          languages={chrome.languages}
          languagesLabel={ui.languages.label}
        />
        <main id="main" tabIndex={-1}>
          {chrome.offer ? <LocaleOffer {...chrome.offer} /> : null}
          {children}
        </main>
        <Footer site={site} footer={chrome.footer} ui={ui} languages={chrome.languages} />
        <ClientScripts />
      </body>
    </html>
  )
}

/**
 * Says, above the page, that this is a studio draft and not the live page, with the way back; on a
 * page with the contact form, that a message sent from it is kept as a test (leads/services/spam-rules.ts).
 */
function PreviewBar({
  label,
  note,
  back,
  form,
}: NonNullable<ReturnType<typeof useRenderState>['preview']> & { form: boolean }) {
  return (
    <aside className="preview-bar" aria-label={label}>
      <strong className="preview-bar-label">{label}</strong> <span>{note}</span>{' '}
      {form ? <span className="preview-bar-form">{DRAFT_FORM_NOTE}</span> : null}{' '}
      <a href={back.href} className="preview-bar-back">
        {back.label}
      </a>
    </aside>
  )
}

/**
 * The largest paint, fetched with high priority beside the stylesheet: one preload per media its
 * picture tells apart (see preloadsOf).
 */
function ImagePreloads({ src, sizes, portrait }: { src: string; sizes: string; portrait?: PortraitSource }) {
  return imagePreloadsFor(src, sizes, portrait).map((preload) =>
    preload.srcSet ? (
      <link
        key={preload.srcSet}
        rel="preload"
        as="image"
        type={preload.type}
        media={preload.media}
        imageSrcSet={preload.srcSet}
        imageSizes={preload.sizes}
        fetchPriority="high"
      />
    ) : (
      <link key={preload.href} rel="preload" as="image" href={preload.href} fetchPriority="high" />
    ),
  )
}

/**
 * Rendered last, so every Island, Video and passkey button above has said what it needs. A page
 * that needs nothing gets no script at all.
 */
export function ClientScripts() {
  const { assets, needs, nonce } = usePageState()
  if (needs.none) return null
  const sources = [
    needs.has('islands') ? assets.islands : needs.has('enhance') ? assets.enhance : null,
    needs.has('passkeys') ? assets.passkeys : null,
    needs.has('tools') ? assets.tools : null,
  ]
  return (
    <>
      {assets.dev ? <script type="module" src="/@vite/client" nonce={nonce} /> : null}
      {sources.map((src) => (src ? <script key={src} type="module" src={src} nonce={nonce} /> : null))}
    </>
  )
}
