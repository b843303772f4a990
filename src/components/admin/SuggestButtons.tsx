/**
 * The translation editor's "Suggest" buttons (docs/locales.md, "Suggestions"): submit buttons of the
 * editor's own form, posting to its suggest address, so they work without JavaScript and keep the
 * words typed so far. A field's button names its field for a screen reader.
 */
import type { AdminCopy } from '../../schemas/admin-words'
import { fillTemplate } from '../../lib/template'

type Words = AdminCopy['suggestions']

/** A field's "Suggest": posts its path as `field`. */
export function SuggestFieldButton(props: { action: string; path: string; label: string; words: Words }) {
  return (
    <button
      type="submit"
      name="field"
      value={props.path}
      formAction={props.action}
      className="btn btn-secondary translation-suggest"
    >
      {props.words.field}
      <span className="sr-only"> {fillTemplate(props.words.fieldFor, { label: props.label })}</span>
    </button>
  )
}

/** The document's "Suggest German for every field". */
export function SuggestAllButton(props: { action: string; language: string; words: Words }) {
  return (
    <button type="submit" name="_op" value="suggest" formAction={props.action} className="btn btn-secondary">
      {fillTemplate(props.words.all, { language: props.language })}
    </button>
  )
}
