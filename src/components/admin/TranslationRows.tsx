/** A translation's rows and alerts (pages/admin/TranslationEditorPage.tsx): the English beside its translation, with its status. */
import type { ReactNode } from 'react'
import { fillTemplate } from '../../lib/template'
import type { TranslationField } from '../../lib/translation-fields'
import type { AdminCopy } from '../../schemas/admin-words'

type Words = AdminCopy['translations']

export const fieldId = (path: string) => `t-${path.replace(/[^a-zA-Z0-9-]/g, '-')}`

/** One field: its English (and the English it was translated from, when outdated) beside its translation and status. */
export function FieldRow({
  words: copy,
  field,
  label,
  code,
  language,
  flagged,
  suggest,
}: {
  words: Words
  field: TranslationField
  label: string
  code: string
  /** The translation's language in words ("German"): its box's label, under the row's legend. */
  language: string
  flagged: boolean
  /** The field's "Suggest" button (SuggestButtons.tsx). */
  suggest?: ReactNode
}) {
  const id = fieldId(field.path)
  const statusWords = copy.status[field.status]
  return (
    <fieldset className={`translation-row translation-${field.status}`} id={`${id}-row`}>
      <legend>{label}</legend>
      <p className="translation-status">
        <strong>{statusWords}</strong>
        {flagged ? <span> · {copy.checkHeading}</span> : null}
      </p>
      <div className="translation-pair">
        <div className="translation-source" lang="en">
          <p className="translation-side">{field.oldSource === undefined ? copy.english : copy.now}</p>
          <p>{field.source}</p>
          {field.oldSource === undefined ? null : (
            <>
              <p className="translation-side">{copy.before}</p>
              <p>
                <del>{field.oldSource}</del>
              </p>
            </>
          )}
        </div>
        <div className="translation-target">
          <label htmlFor={id} className="translation-side">
            {language}
          </label>
          <textarea
            id={id}
            className="field-input"
            name={`t.${field.path}`}
            lang={code}
            rows={field.source.length > 90 ? 4 : 2}
            defaultValue={field.value}
          />
          <label htmlFor={`${id}-status`}>{copy.statusLabel}</label>
          <select id={`${id}-status`} name={`s.${field.path}`} defaultValue="" className="field-input">
            <option value="">{fillTemplate(copy.keep, { status: statusWords })}</option>
            <option value="review">{copy.status.review}</option>
            <option value="done">{copy.status.done}</option>
          </select>
          {suggest}
        </div>
      </div>
    </fieldset>
  )
}

/** An alert naming fields, each a link to its row (with the schema's words, for a refused save). */
export function FieldAlert(props: {
  heading: string
  text?: string
  paths: string[]
  label: (path: string) => string
  messages?: Record<string, string>
  children?: ReactNode
}) {
  return (
    <div role="alert" className="editor-problems">
      <h2>{props.heading}</h2>
      {props.text ? <p>{props.text}</p> : null}
      <ul>
        {props.paths.map((path) => (
          <li key={path}>
            <a href={`#${fieldId(path)}`}>{props.label(path)}</a>
            {props.messages?.[path] ? `: ${props.messages[path]}` : null}
          </li>
        ))}
      </ul>
      {props.children}
    </div>
  )
}
