import type { InputHTMLAttributes } from 'react'

type LabelledInputProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string
  label: string
  /** A line under the input that says what it takes (read with it: aria-describedby). */
  hint?: string
}

/** A console form field: its label, then the input in the site's field style, then its hint if any. */
export function LabelledInput({ id, label, hint, ...input }: LabelledInputProps) {
  return (
    <>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        {...input}
        className="field-input"
        aria-describedby={hint ? `${id}-hint` : input['aria-describedby']}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
    </>
  )
}
