import { useId, useState, type FormEvent } from 'react'
import type { UpdateFormCopy } from '../schemas/copy'
import { notify } from './toaster'

export interface UpdateFormProps {
  /** The stored address ("" when nothing is stored yet). */
  view3dUrl: string
  copy: UpdateFormCopy
}

/**
 * The /update form. With JavaScript it posts the same form to /update asking for JSON (the
 * browser re-sends the admin credentials it already holds for this origin), so the change is
 * recorded as made through /update, and shows a toast; without, the form posts the plain way and
 * the page reports the outcome. The field is uncontrolled: what was typed before the script
 * arrived stays in it, and a save reads it from the form (issue 57, docs/decisions.md).
 */
export default function UpdateForm({ view3dUrl, copy }: UpdateFormProps) {
  const [saving, setSaving] = useState(false)
  const [problem, setProblem] = useState('')
  const id = useId()
  const { saved, failed } = copy.outcomes

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const url = String(new FormData(event.currentTarget).get('view3dUrl') ?? '')
    setSaving(true)
    setProblem('')
    try {
      const response = await fetch('/update', {
        method: 'POST',
        headers: { Accept: 'application/json' },
        body: new URLSearchParams({ view3dUrl: url }),
      })
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { problem?: unknown } | null
        if (response.status === 400 && typeof body?.problem === 'string') setProblem(body.problem)
        void notify('error', failed.title, failed.text)
        return
      }
      void notify('success', saved.title, saved.text)
    } catch {
      void notify('error', failed.title, failed.text)
    } finally {
      setSaving(false)
    }
  }

  return (
    <form method="post" action="/update" onSubmit={save} className="update-form">
      <label htmlFor={`${id}url`} className="field-label">
        {copy.field.label}
      </label>
      <input
        id={`${id}url`}
        name="view3dUrl"
        type="url"
        required
        defaultValue={view3dUrl}
        placeholder={copy.field.placeholder}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}problem` : undefined}
        className="field-input"
      />
      {problem ? (
        <p id={`${id}problem`} className="field-error">
          {problem}
        </p>
      ) : null}
      <button type="submit" disabled={saving} className="btn btn-primary form-submit">
        {saving ? copy.submit.busy : copy.submit.idle}
      </button>
    </form>
  )
}
