import type { InputHTMLAttributes } from 'react'

type LabelledInputProps = InputHTMLAttributes<HTMLInputElement> & { id: string; label: string }

/** A console form field: its label, then the input in the site's field style. */
export function LabelledInput({ id, label, ...input }: LabelledInputProps) {
  return (
    <>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input id={id} {...input} className="field-input" />
    </>
  )
}
