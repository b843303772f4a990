import { AgencyFileForms } from '../../components/admin/AgencyFileForms'
import { AdminSection } from '../../components/admin/AdminShell'
import { DataTable } from '../../components/admin/DataTable'
import { UtcTime } from '../../components/admin/UtcTime'
import { adminCopy } from '../../content/admin'
import { EDITABLE_DOCUMENTS } from '../../content/documents'
import { ADMIN_PATHS, documentHref, utcText } from '../../lib/admin-links'
import { localeDocument, localeOfDocument } from '../../lib/locale-documents'
import { fillTemplate } from '../../lib/template'
import type { PageModule } from '../../schemas/page-module'
import { studioStatusOf, type DocumentState } from '../../schemas/studio-records'
import { adminPage, readable, type AdminFrame } from './AdminFrame'

export interface ContentListData extends AdminFrame {
  /** Where each document with a row stands; null when they could not be read. */
  states: Map<string, DocumentState> | null
  /** The documents of other kinds listed here after the copy's own (studio/kinds/ `listed`), by title. */
  more?: { doc: string; title: string; state: DocumentState }[]
  /** Each other locale's progress per document (per cent; null: unreadable), and the locale whose unfinished parts alone are listed. */
  translations?: { code: string; language: string; progress: Map<string, number> | null }[]
  needs?: string
  /** A translator's locale: each part's name links to its edition there, not to the English (which answers them 403). */
  editionsOf?: string
}

const copy = adminCopy.studio

/** A document's status in words ("Scheduled for …" names the time). */
export function statusText(state: DocumentState | null): string {
  const status = studioStatusOf(state)
  return status === 'scheduled'
    ? fillTemplate(copy.status.scheduled, { at: utcText(state!.publishAt!) })
    : copy.status[status]
}

/** /admin/content: every part of the site the studio edits, where it stands, and who published it last. */
export function contentListPage({
  states,
  more = [],
  translations = [],
  needs,
  editionsOf,
  ...frame
}: ContentListData): PageModule {
  const l = copy.list
  const t = adminCopy.translations
  const filtered = translations.find((locale) => locale.code === needs)
  const edition = translations.find((locale) => locale.code === editionsOf)
  const listed = (id: string) => !filtered?.progress || (filtered.progress.get(id) ?? 100) < 100
  const progressCell = (id: string) =>
    translations.map(({ code, language, progress }) => {
      const percent = progress?.get(id)
      if (percent === undefined) return adminCopy.empty
      return (
        <a key={code} href={documentHref(localeDocument(id, code))}>
          {fillTemplate(t.progress, { language, percent: String(percent) })}
        </a>
      )
    })
  return adminPage(
    'content',
    l,
    frame,
    <>
      <AdminSection title={l.heading}>
        <p>{edition ? fillTemplate(t.translatorIntro, { language: edition.language }) : l.intro}</p>
        {translations.length ? (
          <p className="studio-links">
            {translations.map(({ code, language }) =>
              code === needs ? null : (
                <a key={code} href={`${ADMIN_PATHS.content}?needs=${code}`} className="text-link">
                  {fillTemplate(t.filter, { language })}
                </a>
              ),
            )}
            {needs ? (
              <a href={ADMIN_PATHS.content} className="text-link">
                {t.allParts}
              </a>
            ) : null}
          </p>
        ) : null}
        {readable(states, (known) => (
          <DataTable
            caption={l.caption}
            columns={[l.document, l.status, l.published, ...(translations.length ? [t.listColumn] : [])]}
            rowHeader={0}
            stack
            rows={[
              ...EDITABLE_DOCUMENTS.filter(({ id }) => listed(id)).map(({ id }) => ({
                id,
                state: known.get(id) ?? null,
                ...copy.documents[id]!,
              })),
              ...(filtered ? [] : more).map(({ doc, title, state }) => ({
                id: doc,
                state,
                title,
                description: undefined,
              })),
            ].map(({ id, state, title, description }) => {
              return {
                key: id,
                cells: [
                  <>
                    <a
                      href={documentHref(
                        editionsOf && !localeOfDocument(id) ? localeDocument(id, editionsOf) : id,
                      )}
                    >
                      {title}
                    </a>
                    {description ? <span className="data-table-note">{description}</span> : null}
                  </>,
                  statusText(state),
                  state?.publishedAt ? (
                    <>
                      <UtcTime iso={state.publishedAt} /> {l.by} {state.publishedBy}
                    </>
                  ) : (
                    adminCopy.empty
                  ),
                  ...(translations.length ? [<>{progressCell(id)}</>] : []),
                ],
              }
            })}
          />
        ))}
      </AdminSection>
      {translations
        .filter(({ code }) => !filtered || code === needs)
        .map(({ code, language }) => (
          <AgencyFileForms key={code} code={code} language={language} copy={adminCopy.translationFiles} />
        ))}
    </>,
  )
}
