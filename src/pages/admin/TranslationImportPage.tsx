import { AgencyFileForms } from '../../components/admin/AgencyFileForms'
import { pathLabel } from '../../components/admin/SchemaFields'
import { AdminSection } from '../../components/admin/AdminShell'
import { DataTable } from '../../components/admin/DataTable'
import { adminCopy } from '../../content/admin'
import { translationFileHref, ADMIN_PATHS } from '../../lib/admin-links'
import { slugOf } from '../../lib/document-kinds'
import type { FieldStatus, TranslationImportPlan } from '../../lib/translation-fields'
import { fillTemplate } from '../../lib/template'
import type { PageModule } from '../../schemas/page-module'
import { adminPage, type AdminFrame } from './AdminFrame'

export interface TranslationImportData extends AdminFrame {
  code: string
  language: string
  /** What the file would do; absent when the file was refused whole (`problem` says why). */
  plan?: TranslationImportPlan
  /** The file's text, posted again by Apply (the plan is made afresh then, so nothing stale is applied). */
  file?: string
  problem?: string
  /** Each document's title, and each part's label (for the fields' labels), in words. */
  titles: Record<string, string>
  roots: Record<string, string>
}

const copy = adminCopy.translationFiles
const FIELD_WORDS = { ...adminCopy.studio, sections: adminCopy.landing.sections }
const statusWords = adminCopy.translations.status

/** What an agency's XLIFF file would change in a locale, before anything is written: per document and field, then Apply or Cancel. */
export function translationImportPage({
  code,
  language,
  plan,
  file,
  problem,
  titles,
  roots,
  ...frame
}: TranslationImportData): PageModule {
  // A document the site does not have: a post's or a landing page's by its address, a part by its name.
  const addressOf = (doc: string) => (slugOf(doc) === undefined ? undefined : `/${slugOf(doc)}`)
  const titleOf = (doc: string) => titles[doc] ?? addressOf(doc) ?? doc
  const labelOf = (path: string) => pathLabel(path, roots, FIELD_WORDS)
  const heading = fillTemplate(copy.heading, { language })
  const text = { meta: { ...copy.meta, title: fillTemplate(copy.meta.title, { language }) }, heading }
  const status = (before: FieldStatus, after: FieldStatus) =>
    before === after ? statusWords[after] : `${statusWords[before]} → ${statusWords[after]}`
  const why = (refused: TranslationImportPlan['refused'][number]) =>
    fillTemplate(copy.refusals[refused.code], {
      doc: refused.doc,
      address: addressOf(refused.doc) ?? '',
      path: refused.path ?? '',
      language,
      problem: refused.problem ?? '',
    })
  return adminPage(
    'content',
    text,
    frame,
    <>
      {problem ? (
        <div role="alert" className="notice notice-error">
          <p>{problem}</p>
        </div>
      ) : null}
      {plan ? (
        <AdminSection title={copy.planTitle}>
          <p>
            {fillTemplate(copy.summary, {
              changed: plan.changed,
              unchanged: plan.unchanged,
              refused: plan.refused.length,
            })}
          </p>
          {plan.changed ? null : <p>{copy.nothing}</p>}
          {plan.documents.map(({ doc, changes }) => (
            <DataTable
              key={doc}
              caption={fillTemplate(copy.caption, { title: titleOf(doc) })}
              columns={[copy.field, fillTemplate(copy.now, { language }), copy.incoming, copy.status]}
              rowHeader={0}
              stack
              long={[1, 2]}
              empty=""
              rows={changes.map((change) => ({
                key: change.path,
                cells: [
                  labelOf(change.path),
                  change.before || adminCopy.empty,
                  change.after || adminCopy.empty,
                  <>
                    {status(change.statusBefore, change.statusAfter)}
                    {change.olderEnglish ? (
                      <span className="data-table-note">{copy.olderEnglish}</span>
                    ) : null}
                  </>,
                ],
              }))}
            />
          ))}
          {plan.refused.length ? (
            <DataTable
              caption={copy.refusedCaption}
              columns={[copy.part, copy.field, copy.why]}
              stack
              long={[2]}
              empty=""
              rows={plan.refused.map((refused, i) => ({
                key: i,
                cells: [
                  titleOf(refused.doc),
                  refused.path ? labelOf(refused.path) : adminCopy.empty,
                  why(refused),
                ],
              }))}
            />
          ) : null}
          <form
            method="post"
            action={translationFileHref(code)}
            encType="multipart/form-data"
            className="lead-filter-actions"
          >
            {/* A textarea keeps the file's line breaks, which an input's value would not. */}
            <textarea name="xliff" hidden readOnly defaultValue={file} />
            <input type="hidden" name="apply" value="yes" />
            {plan.changed ? (
              <button type="submit" className="btn btn-primary">
                {plan.changed === 1 ? copy.applyOne : fillTemplate(copy.apply, { count: plan.changed })}
              </button>
            ) : null}
            <a href={`${ADMIN_PATHS.content}?needs=${code}`} className="btn btn-ghost">
              {copy.cancel}
            </a>
          </form>
        </AdminSection>
      ) : null}
      <AgencyFileForms code={code} language={language} copy={copy} />
    </>,
  )
}
