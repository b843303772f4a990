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
    <form method="post" action="/update" onSubmit={save} className="flex flex-col gap-4">
      <label htmlFor={`${id}url`} className="text-sm font-medium text-neutral-200">
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
        className="w-full rounded-lg border border-neutral-600 bg-neutral-950 px-3 py-2 text-white placeholder:text-neutral-500 focus:border-violet-400 focus:outline-2 focus:outline-violet-400"
      />
      {problem ? (
        <p id={`${id}problem`} className="text-sm text-red-300">
          {problem}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={saving}
        className="self-start rounded-lg bg-violet-600 px-5 py-2 font-semibold text-white hover:bg-violet-500 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {saving ? 'Updating...' : 'Update URL'}
      </button>
    </form>
  )
}
