import { ADMIN_PATHS } from '../../lib/admin-links'
import type { AdminCopy } from '../../schemas/admin-words'
import { LabelledInput } from './LabelledInput'

/** The viewer URL as a plain form post (no script): the server saves it and redirects back. */
export function ViewerUrlForm({ value, copy }: { value: string; copy: AdminCopy['settings']['form'] }) {
  return (
    <form method="post" action={ADMIN_PATHS.settings} className="update-form">
      <LabelledInput
        id="viewer-url"
        label={copy.label}
        name="view3dUrl"
        type="url"
        required
        defaultValue={value}
        aria-describedby="viewer-url-hint"
      />
      <p id="viewer-url-hint" className="field-hint">
        {copy.hint}
      </p>
      <button type="submit" className="btn btn-primary form-submit">
        {copy.submit}
      </button>
    </form>
  )
}
