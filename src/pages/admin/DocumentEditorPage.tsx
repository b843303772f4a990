import { LabelledInput } from '../../components/admin/LabelledInput'
import { AdminSection } from '../../components/admin/AdminShell'
import { ChangesTable } from '../../components/admin/ChangesTable'
import {
  fieldId,
  humanize,
  pathLabel,
  SchemaFields,
  type PictureChoice,
} from '../../components/admin/SchemaFields'
import { DocumentStatus } from '../../components/admin/DocumentStatus'
import { ShareLinksSection } from '../../components/admin/ShareLinksSection'
import { DocumentVerbs } from './DocumentVerbs'
import { adminCopy } from '../../content/admin'
import { documentHref, utcText } from '../../lib/admin-links'
import type { FieldChange } from '../../lib/edition'
import type { FormNode } from '../../lib/schema-form'
import type { PageModule } from '../../schemas/page-module'
import type { DocumentState, ShareLink } from '../../schemas/studio-records'
import { kindOf } from '../../lib/document-kinds'
import { adminPage, studioPartOf, type AdminFrame } from './AdminFrame'

export interface EditorData extends AdminFrame {
  doc: string
  /** The page's title and heading, and a line about the document. */
  text: { meta: { title: string; description: string }; heading: string; description?: string }
  back: { href: string; label: string }
  /** Where the form posts. */
  action: string
  roots: { node: FormNode; label: string }[]
  errors: Record<string, string>
  version: number
  state: DocumentState | null
  pictures: PictureChoice[]
  posts: { slug: string; title: string }[]
  /** After a stale save: where the other draft and this one differ (before: theirs, after: yours). */
  stale?: FieldChange[]
  /** A post not saved yet: only Save, no history. */
  isNew?: boolean
  /** A post's own verbs: take it off the site, revert it to the repository's file. */
  postVerbs?: { unpublish: boolean; revert: boolean; move: boolean }
  /** A landing page's share links (null: not readable); undefined for other documents. */
  share?: ShareLink[] | null
  /** Whether the site has a version of its own of this document (built with it), shown while none is published. */
  builtIn?: boolean
}

const copy = adminCopy.studio
/** A field's key inside a value, in the editor's words for it. */
const keyWords = (key: string) => copy.fields[key] ?? humanize(key)
const e = copy.editor
const FIELD_WORDS = { ...copy, sections: adminCopy.landing.sections }

/** The studio's editor of one document: its fields, generated from its schema, and its verbs. */
export function documentEditorPage(data: EditorData): PageModule {
  const {
    doc,
    text,
    back,
    action,
    roots,
    errors,
    version,
    state,
    pictures,
    posts,
    stale,
    isNew,
    postVerbs,
    share,
  } = data
  const rootLabels = Object.fromEntries(roots.map(({ node, label }) => [node.name, label]))
  const label = (path: string) => pathLabel(path, rootLabels, FIELD_WORDS)
  const errorList = Object.entries(errors)
  const target = (path: string) => fieldId(path.replace(/\.(width|height)$/, '.src'))
  return adminPage(
    isNew ? 'posts' : studioPartOf(kindOf(doc)),
    text,
    data,
    <>
      <p className="studio-links">
        <a href={back.href} className="text-link">
          {back.label}
        </a>
        {isNew ? null : (
          <a href={documentHref(doc, 'history')} className="text-link">
            {e.history}
          </a>
        )}
      </p>
      {text.description ? <p>{text.description}</p> : null}
      {isNew ? null : (
        <DocumentStatus
          state={state}
          cancelAction={documentHref(doc, 'cancel')}
          words={data.builtIn === false ? { ...e, repository: e.notLive } : e}
        />
      )}
      {stale ? (
        <section className="notice notice-error studio-stale" aria-labelledby="stale-title">
          <h2 id="stale-title" className="notice-title">
            {copy.stale.title}
          </h2>
          <p>{copy.stale.text}</p>
          <ChangesTable
            caption={copy.stale.caption}
            columns={[copy.stale.field, copy.stale.theirs, copy.stale.yours]}
            changes={stale}
            label={label}
            keyWords={keyWords}
            empty={copy.history.empty}
            none={copy.history.nothing}
          />
        </section>
      ) : null}
      {errorList.length ? (
        <section className="notice notice-error" role="alert" aria-labelledby="errors-title">
          <h2 id="errors-title" className="notice-title">
            {e.errorsTitle}
          </h2>
          <p>{e.errorsText}</p>
          <ul className="studio-error-list">
            {errorList.map(([path, message]) => (
              <li key={path}>
                <a href={`#${target(path)}`}>{label(path)}</a>: {message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <form method="post" action={action} className="studio-form" noValidate>
        <input type="hidden" name="@version" value={version} />
        {/* Enter in a field saves the draft: the first submit button of a form is its default. */}
        <button
          type="submit"
          name="_op"
          value="save"
          className="studio-default"
          tabIndex={-1}
          aria-hidden="true"
        >
          {e.save}
        </button>
        <SchemaFields
          roots={roots}
          errors={errors}
          words={FIELD_WORDS}
          pictures={pictures}
          posts={posts}
          action={action}
        />
        <AdminSection title={e.actions}>
          <div className="studio-actions">
            <button type="submit" name="_op" value="save" className="btn btn-secondary">
              {e.save}
            </button>
            {isNew ? null : (
              <>
                <button type="submit" name="_op" value="preview" className="btn btn-secondary">
                  {e.preview}
                </button>
                <button type="submit" name="_op" value="publish" className="btn btn-primary">
                  {e.publish}
                </button>
              </>
            )}
          </div>
          {isNew ? null : (
            <div className="studio-schedule">
              <div className="field">
                <LabelledInput
                  id="publish-at"
                  label={e.scheduleAt}
                  hint={e.scheduleHint}
                  name="@at"
                  type="datetime-local"
                />
              </div>
              <button type="submit" name="_op" value="schedule" className="btn btn-secondary">
                {e.schedule}
              </button>
            </div>
          )}
        </AdminSection>
      </form>
      {share !== undefined && !isNew ? (
        <ShareLinksSection
          links={share}
          makeAction={documentHref(doc, 'share')}
          revokeAction={(id) => documentHref(doc, `share/${id}/revoke`)}
          time={utcText}
          unreadable={adminCopy.unreadable}
          words={adminCopy.landing.share}
        />
      ) : null}
      {postVerbs ? <DocumentVerbs doc={doc} verbs={postVerbs} /> : null}
    </>,
  )
}
