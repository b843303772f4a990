import { AdminSection } from '../../components/admin/AdminShell'
import { LabelledInput } from '../../components/admin/LabelledInput'
import { adminCopy } from '../../content/admin'
import { documentHref } from '../../lib/admin-links'
import { fillTemplate } from '../../lib/template'

/** What a post (or a landing page) can do beyond its draft: which of its verbs the editor offers. */
export interface DocumentVerbFlags {
  unpublish: boolean
  revert: boolean
  move: boolean
  /** Take off the site asks first, on a page of its own (a landing page's, where a redirect can take its visitors). */
  asks?: boolean
  /** A landing page's German version: its translation's address, and its address on the site when published. */
  german?: { href: string; live?: string }
  /** A post's versions in the other languages: the link to add one, or to open the one begun. */
  editions?: { code: string; href: string; label: string }[]
}

/**
 * A landing page's "Add a German version", or its way in once it is on the site: a link, so it
 * needs no script; in the same section, under the same title, as a post's versions.
 */
function GermanVersion({ german }: { german: NonNullable<DocumentVerbFlags['german']> }) {
  const words = adminCopy.landing.languages
  return (
    <AdminSection title={adminCopy.posts.editor.languages}>
      <p>{german.live ? fillTemplate(words.liveNote, { path: german.live }) : words.addNote}</p>
      <p>
        <a className="btn btn-secondary" href={german.href}>
          {german.live ? words.open : words.add}
        </a>
      </p>
    </AdminSection>
  )
}

/** A post's or a landing page's versions in other languages (docs/locales.md), then More. */
export function DocumentVerbs({ doc, verbs }: { doc: string; verbs: DocumentVerbFlags }) {
  return (
    <>
      {verbs.editions?.length ? <LocaleEditions editions={verbs.editions} /> : null}
      {verbs.german ? <GermanVersion german={verbs.german} /> : null}
      <MoreVerbs doc={doc} verbs={verbs} />
    </>
  )
}

/** Links to a post's translation editors: "Add a German version", or the one begun. */
function LocaleEditions({ editions }: { editions: NonNullable<DocumentVerbFlags['editions']> }) {
  const words = adminCopy.posts.editor
  return (
    <AdminSection title={words.languages}>
      <p>{words.languagesNote}</p>
      <p className="studio-links">
        {editions.map((edition) => (
          <a key={edition.code} href={edition.href} className="text-link">
            {edition.label}
          </a>
        ))}
      </p>
    </AdminSection>
  )
}

/**
 * The editor's More: take it off the site, move it to a new address, revert a post to its file.
 * Take off the site asks first, on a page of its own (no JavaScript needed); a landing page's
 * offers a redirect to take its visitors instead.
 */
function MoreVerbs({ doc, verbs: postVerbs }: { doc: string; verbs: DocumentVerbFlags }) {
  if (!postVerbs.unpublish && !postVerbs.revert && !postVerbs.move) return null
  const isPage = Boolean(postVerbs.asks)
  const words = adminCopy.posts.editor
  return (
    <AdminSection title={words.more}>
      <div className="lead-actions">
        {postVerbs.unpublish ? (
          <form method="get" action={documentHref(doc, 'unpublish')}>
            <p>{words.unpublishNote}</p>
            <button type="submit" className="btn btn-danger">
              {`${words.unpublish}…`}
            </button>
          </form>
        ) : null}
        {postVerbs.move ? (
          <form method="post" action={documentHref(doc, 'address')} className="field">
            <LabelledInput
              id="post-address"
              label={isPage ? adminCopy.tools.move.label : words.moveLabel}
              hint={isPage ? adminCopy.tools.move.hint : words.moveHint}
              name="slug"
              required
              pattern="[a-z0-9]+(-[a-z0-9]+)*"
              defaultValue={doc.slice(doc.indexOf(':') + 1)}
            />
            <button type="submit" className="btn btn-secondary">
              {adminCopy.posts.editor.move}
            </button>
          </form>
        ) : null}
        {postVerbs.revert ? (
          <form method="post" action={documentHref(doc, 'revert')}>
            <p>{adminCopy.posts.editor.revertNote}</p>
            <button type="submit" className="btn btn-secondary">
              {adminCopy.posts.editor.revert}
            </button>
          </form>
        ) : null}
      </div>
    </AdminSection>
  )
}
