import type { SelectHTMLAttributes } from 'react'

type LabelledSelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  id: string
  label: string
  options: { value: string; label: string }[]
  /** A first option with no value (the browser then requires a choice when the select is required). */
  placeholder?: string
}

/** A console choice: its label, then the select in the site's field style. */
export function LabelledSelect({ id, label, options, placeholder, ...select }: LabelledSelectProps) {
  return (
    <>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} {...select} className="field-input">
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  )
}
