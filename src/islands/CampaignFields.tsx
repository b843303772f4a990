/**
 * A campaign form's own fields (issue 63), drawn after the name and e-mail address by the
 * ContactForm island, on the server and again when it hydrates: each with its label, help text
 * and the native constraint attributes made from its definition (campaign-form-fields.ts), so a
 * browser without JavaScript checks the same rules the edge does. Uncontrolled, as the spec's
 * fields are: what the server drew is the answer a native post kept (`answers`), and from then on
 * the inputs hold what is typed. Hidden fields carry what the server filled in.
 */
import type { CampaignField } from '../schemas/campaign-form'
import { fieldKey, nativeAttributes, type CampaignAnswers } from '../schemas/campaign-form-fields'

/** The empty first option of a menu: a required menu left on it is not answered. */
export const CHOOSE_OPTION = 'Choose one'

export interface CampaignFieldsProps {
  fields: readonly CampaignField[]
  /** Each hidden field's value by its name, filled in by the server. */
  hidden: Record<string, string>
  /** What a native post kept, by name. */
  answers: CampaignAnswers
  errors: Partial<Record<string, string>>
  /** The id of a field's input (the first box of a group), of its help and of its message. */
  ids: { field: (key: string) => string; help: (key: string) => string; error: (key: string) => string }
}

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined

export function CampaignFields({ fields, hidden, answers, errors, ids }: CampaignFieldsProps) {
  return fields.map((field) => {
    const key = fieldKey(field.label)
    // A campaign parameter the page's address no longer has (a native post came back) keeps the one posted.
    const kept = typeof answers[key] === 'string' ? answers[key] : ''
    if ('hidden' in field) return <input key={key} type="hidden" name={key} value={hidden[key] || kept} />
    const error = errors[key]
    const help = field.help && (
      <p id={ids.help(key)} className="field-help">
        {field.help}
      </p>
    )
    const message = error && (
      <p id={ids.error(key)} className="field-error">
        {error}
      </p>
    )
    const common = {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(field.help && ids.help(key), error && ids.error(key)),
    }
    const answer = answers[key]
    if ('checkboxes' in field || 'consent' in field) {
      const ticked = Array.isArray(answer) ? answer : answer ? [answer] : []
      const boxes =
        'consent' in field
          ? [{ value: 'yes', words: field.consent.wording }]
          : field.checkboxes.options.map((o) => ({ value: o, words: o }))
      return (
        <fieldset key={key} className="field field-group" aria-describedby={common['aria-describedby']}>
          <legend className="field-label">{field.label}</legend>
          {help}
          {boxes.map(({ value, words }, i) => (
            <label key={value} className="field-check">
              <input
                {...nativeAttributes(field)}
                aria-invalid={common['aria-invalid']}
                id={i === 0 ? ids.field(key) : undefined}
                value={value}
                defaultChecked={ticked.includes(value)}
              />
              <span>{words}</span>
            </label>
          ))}
          {message}
        </fieldset>
      )
    }
    const input = {
      ...nativeAttributes(field),
      ...common,
      id: ids.field(key),
      defaultValue: typeof answer === 'string' ? answer : '',
      className: 'field-input',
    }
    return (
      <div key={key} className="field">
        <label htmlFor={ids.field(key)} className="field-label">
          {field.label}
        </label>
        {help}
        {'longText' in field ? (
          <textarea rows={4} {...input} />
        ) : 'select' in field ? (
          <select {...input}>
            <option value="">{CHOOSE_OPTION}</option>
            {field.select.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        ) : (
          <input {...input} />
        )}
        {message}
      </div>
    )
  })
}

/** Empties a campaign form's fields after a send (hidden ones keep what the server filled in). */
export function clearCampaignFields(form: HTMLFormElement, fields: readonly CampaignField[]) {
  for (const field of fields) {
    if ('hidden' in field) continue
    for (const element of form.querySelectorAll<HTMLInputElement>(
      `[name="${CSS.escape(fieldKey(field.label))}"]`,
    ))
      if (element.type === 'checkbox') element.checked = false
      else element.value = ''
  }
}

/** A campaign form's answers as the form holds them now: text, or the ticked options of checkboxes. */
export function campaignValues(form: FormData, fields: readonly CampaignField[]): CampaignAnswers {
  const values: CampaignAnswers = {}
  for (const field of fields) {
    const key = fieldKey(field.label)
    values[key] = 'checkboxes' in field ? form.getAll(key).map(String) : String(form.get(key) ?? '')
  }
  return values
}
