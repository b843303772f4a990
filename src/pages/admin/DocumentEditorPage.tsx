import { LabelledInput } from '../../components/admin/LabelledInput'
import { AdminSection } from '../../components/admin/AdminShell'
import {
  fieldId,
  humanize,
  pathLabel,
  SchemaFields,
  type PictureChoice,
} from '../../components/admin/SchemaFields'
import { DocumentStatus } from '../../components/admin/DocumentStatus'
import { ShareLinksSection } from '../../components/admin/ShareLinksSection'
import { EditorOutline, StudioBar } from '../../components/admin/EditorNavigation'
import { DocumentVerbs, type DocumentVerbFlags } from './DocumentVerbs'
import { EditorProblems } from './EditorProblems'
import { LivePage } from './LivePage'
import { adminCopy } from '../../content/admin'
import { documentHref, newExperimentHref, utcText } from '../../lib/admin-links'
import { holdsAny } from '../../lib/list-focus'
import type { FieldChange } from '../../lib/edition'
import type { FormNode } from '../../lib/schema-form'
import type { PageModule } from '../../schemas/page-module'
import type { DocumentState, ShareLink } from '../../schemas/studio-records'
import { partOf } from '../../lib/document-kinds'
import { adminPage, type AdminFrame } from './AdminFrame'

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
  postVerbs?: DocumentVerbFlags
  /** A landing page's share links (null: not readable); undefined for other documents. */
  share?: ShareLink[] | null
  /** The fields the form is drawn open at: what the last list button acted on (errors open their own). */
  open?: string[]
  /** The form holds edits not saved yet (after a list button or a refused save): leaving warns. */
  unsaved?: boolean
  /** The whole address the document is live at, if it is on the site now. */
  live?: string
  /** Whether the site has a version of its own of this document (built with it), shown while none is published. */
  builtIn?: boolean
}

/** The editor form's id: the sticky bar's buttons submit it by their `form` attribute. */
const FORM_ID = 'studio-editor'

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
    open = [],
    unsaved,
    live,
  } = data
  const rootLabels = Object.fromEntries(roots.map(({ node, label }) => [node.name, label]))
  const label = (path: string) => pathLabel(path, rootLabels, FIELD_WORDS)
  const errorList = Object.entries(errors)
  const target = (path: string) => fieldId(path.replace(/\.(width|height)$/, '.src'))
  const opened = [...open, ...errorList.map(([path]) => path)]
  return adminPage(
    isNew ? 'posts' : partOf(doc),
    text,
    data,
    <>
      <p className="studio-links" id="studio-top">
        <a href={back.href} className="text-link">
          {back.label}
        </a>
        {isNew ? null : (
          <>
            <a href={documentHref(doc, 'history')} className="text-link">
              {e.history}
            </a>
            <a href={newExperimentHref(doc)} className="text-link">
              {e.testDraft}
            </a>
          </>
        )}
      </p>
      {/* Early in the page, so Save is on the first screen of a phone too; sticky from there on. */}
      <StudioBar form={FORM_ID} onlySave={isNew} words={adminCopy.tools.bar} />
      {text.description ? <p>{text.description}</p> : null}
      {isNew ? null : (
        <DocumentStatus
          state={state}
          cancelAction={documentHref(doc, 'cancel')}
          words={data.builtIn === false ? { ...e, repository: e.notLive } : e}
        />
      )}
      {live ? <LivePage url={live} title={text.heading} /> : null}
      <EditorProblems stale={stale} errors={errorList} label={label} target={target} keyWords={keyWords} />
      <EditorOutline roots={roots} fieldWords={FIELD_WORDS} words={adminCopy.tools.outline} />
      <form
        method="post"
        action={action}
        className="studio-form"
        id={FORM_ID}
        data-unsaved={unsaved ? 'yes' : 'no'}
        noValidate
      >
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
          open={(name) => holdsAny(name, opened)}
        />
        <AdminSection title={e.actions}>
          {/* Save draft is the sticky bar's, always in reach: one button of that name on the page. */}
          {isNew ? (
            <p className="field-hint">{adminCopy.tools.bar.newHint}</p>
          ) : (
            <div className="studio-actions">
              <button type="submit" name="_op" value="preview" className="btn btn-secondary">
                {e.preview}
              </button>
              <button type="submit" name="_op" value="publish" className="btn btn-primary">
                {e.publish}
              </button>
            </div>
          )}
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
