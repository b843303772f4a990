/**
 * A document's translation (docs/locales.md, "The studio per locale"): the English beside the
 * translation, field by field, each with its status; an outdated field shows the English it was
 * translated from and the English now. One native form: Save draft, Preview, and Publish (its own
 * address, for editors only); the publish gate's refusals and checks come back on this page.
 */
import { AdminSection } from '../../components/admin/AdminShell'
import { pathLabel } from '../../components/admin/SchemaFields'
import { adminCopy } from '../../content/admin'
import { documentHref, newExperimentHref } from '../../lib/admin-links'
import { fillTemplate } from '../../lib/template'
import type { TranslationField } from '../../lib/translation-fields'
import { FieldAlert, FieldRow } from '../../components/admin/TranslationRows'
import { SuggestAllButton, SuggestFieldButton } from '../../components/admin/SuggestButtons'
import type { AdminPart } from '../../lib/console-parts'
import type { PageModule } from '../../schemas/page-module'
import { adminPage, type AdminFrame } from './AdminFrame'

const copy = adminCopy.translations
const FIELD_WORDS = { ...adminCopy.studio, sections: adminCopy.landing.sections }

export interface TranslationEditorData extends AdminFrame {
  doc: string
  localeDoc: string
  code: string
  /** The locale's name in English ("German"). */
  language: string
  title: string
  roots: Record<string, string>
  fields: TranslationField[]
  progress: number
  version: number
  /** What the publish gate said: fields without words, and fields to check first. */
  gate?: { missing: string[]; flagged: string[] }
  /** Why the save was refused, by field (the schema's words). */
  errors?: Record<string, string>
  /** Whether this person may publish (an editor, not a translator). */
  mayPublish: boolean
  /** The console part its English is edited under (a landing page's: the landing pages). */
  part?: AdminPart
  /** The way back: the list this person opened it from (the site copy's, or the part's). */
  back: { href: string; label: string }
}

export function translationEditorPage(data: TranslationEditorData): PageModule {
  const {
    doc,
    localeDoc,
    code,
    language,
    title,
    roots,
    fields,
    progress,
    version,
    gate,
    errors,
    mayPublish,
    part = 'content',
    back,
  } = data
  const words = { language, title }
  const text = {
    meta: { ...copy.meta, title: fillTemplate(copy.meta.title, words) },
    heading: fillTemplate(copy.heading, words),
  }
  const label = (path: string) => pathLabel(path, roots, FIELD_WORDS)
  const flagged = new Set(gate?.flagged ?? [])
  const suggest = documentHref(localeDoc, 'suggest')
  return adminPage(
    part,
    text,
    data,
    <>
      <p className="studio-links">
        <a href={back.href} className="text-link">
          {back.label}
        </a>
        {/* A translator opens neither the English, nor the history (their Restore publishes), nor an experiment. */}
        {mayPublish ? (
          <>
            <a href={documentHref(doc)} className="text-link">
              {copy.english_editor}
            </a>
            <a href={documentHref(localeDoc, 'history')} className="text-link">
              {fillTemplate(copy.history, { language })}
            </a>
            <a href={newExperimentHref(localeDoc)} className="text-link">
              {adminCopy.studio.editor.testDraft}
            </a>
          </>
        ) : null}
      </p>
      <p>{copy.intro}</p>
      <p className="translation-progress">
        <strong>{fillTemplate(copy.progress, { language, percent: String(progress) })}</strong>
      </p>
      {errors && Object.keys(errors).length ? (
        <FieldAlert
          heading={copy.invalidHeading}
          paths={Object.keys(errors)}
          label={label}
          messages={errors}
        />
      ) : null}
      {gate?.missing.length ? (
        <FieldAlert heading={copy.missingHeading} paths={gate.missing} label={label} />
      ) : null}
      <form method="post" action={documentHref(localeDoc)} className="studio-form">
        <input type="hidden" name="@version" value={String(version)} />
        {gate && !gate.missing.length && gate.flagged.length ? (
          <FieldAlert heading={copy.checkHeading} text={copy.checkText} paths={gate.flagged} label={label}>
            <input type="hidden" name="confirm" value="yes" />
            <button
              type="submit"
              name="_op"
              value="publish"
              formAction={documentHref(localeDoc, 'publish')}
              className="btn btn-primary"
            >
              {copy.publishAnyway}
            </button>
          </FieldAlert>
        ) : null}
        <AdminSection title={fillTemplate(copy.translate, { language })}>
          {fields.map((field) => (
            <FieldRow
              words={copy}
              key={field.path}
              field={field}
              label={label(field.path)}
              code={code}
              language={language}
              flagged={flagged.has(field.path)}
              suggest={
                field.source.trim() ? (
                  <SuggestFieldButton
                    action={suggest}
                    path={field.path}
                    label={label(field.path)}
                    words={adminCopy.suggestions}
                  />
                ) : null
              }
            />
          ))}
        </AdminSection>
        <p>{adminCopy.suggestions.note}</p>
        <p className="studio-actions">
          <button type="submit" name="_op" value="save" className="btn btn-primary">
            {copy.save}
          </button>
          <button type="submit" name="_op" value="preview" className="btn btn-secondary">
            {copy.preview}
          </button>
          <SuggestAllButton action={suggest} language={language} words={adminCopy.suggestions} />
          {mayPublish ? (
            <button
              type="submit"
              name="_op"
              value="publish"
              formAction={documentHref(localeDoc, 'publish')}
              className="btn btn-secondary"
            >
              {fillTemplate(copy.publish, { language })}
            </button>
          ) : null}
        </p>
      </form>
    </>,
  )
}
