/**
 * One of the spec's fields of the ContactForm island (name, e-mail, phone, inquiry): its label, its
 * input with the native rules the schema also checks (required, maxlength, type), and its message
 * when it has one. Uncontrolled: it is drawn with the value the server kept, then holds what is typed.
 */
import { CONTACT_LIMITS, type ContactField } from '../schemas/contact-fields'
import { FIELDS } from './contact-check'

export interface SpecFieldProps {
  field: ContactField
  label: string
  /** What it is drawn with: empty, or what a native post typed. */
  value: string
  error?: string
  ids: { field: (field: string) => string; error: (field: string) => string }
}

export function SpecField({ field, label, value, error, ids }: SpecFieldProps) {
  const { type, autoComplete } = FIELDS[field]
  const common = {
    id: ids.field(field),
    name: field,
    defaultValue: value,
    required: true,
    maxLength: CONTACT_LIMITS[field],
    autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? ids.error(field) : undefined,
    className: 'field-input',
  }
  return (
    <div className="field">
      <label htmlFor={ids.field(field)} className="field-label">
        {label}
      </label>
      {field === 'inquiry' ? <textarea rows={5} {...common} /> : <input type={type} {...common} />}
      {error && (
        <p id={ids.error(field)} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}
