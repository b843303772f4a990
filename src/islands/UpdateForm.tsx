import { useId, useState, type FormEvent } from 'react'
import { ensureToaster, toast } from './toaster'

export interface UpdateFormProps {
  /** The stored address ("" when nothing is stored yet). */
  view3dUrl: string
}

const SAVED = {
  title: 'URL Updated',
  description: 'The 3D viewer URL has been updated successfully in Firebase.',
}
const FAILED = {
  title: 'Update Failed',
  description: 'There was an error updating the URL. Please try again.',
}

/**
 * The /update form. With JavaScript it saves through PUT /api/settings (the browser re-sends the
 * admin credentials it already holds for this origin) and shows a toast; without, the same form
 * posts to /update and the page reports the outcome.
 */
export default function UpdateForm({ view3dUrl }: UpdateFormProps) {
  const [url, setUrl] = useState(view3dUrl)
  const [saving, setSaving] = useState(false)
  const [problem, setProblem] = useState('')
  const id = useId()

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    ensureToaster()
    setSaving(true)
    setProblem('')
    try {
      const response = await fetch('/api/settings', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ view3dUrl: url }),
      })
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: unknown } | null
        if (response.status === 400 && typeof body?.error === 'string') setProblem(body.error)
        toast.error(FAILED.title, { description: FAILED.description })
        return
      }
      toast.success(SAVED.title, { description: SAVED.description })
    } catch {
      toast.error(FAILED.title, { description: FAILED.description })
    } finally {
      setSaving(false)
    }
  }

  return (
    <form method="post" action="/update" onSubmit={save} className="update-form">
      <label htmlFor={`${id}url`} className="field-label">
        3D viewer URL
      </label>
      <input
        id={`${id}url`}
        name="view3dUrl"
        type="url"
        required
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        placeholder="https://viewer.example.com/3d-viewer/"
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
        {saving ? 'Updating...' : 'Update URL'}
      </button>
    </form>
  )
}
