import { AdminSection } from '../../components/admin/AdminShell'
import { LabelledInput } from '../../components/admin/LabelledInput'
import { adminCopy } from '../../content/admin'
import { fillTemplate } from '../../lib/template'
import type { PageModule } from '../../schemas/page-module'
import { adminPage, type AdminFrame } from './AdminFrame'

const words = adminCopy.tools.unpublish

export interface UnpublishData extends AdminFrame {
  /** A landing page's question offers a redirect; a post's asks only. */
  kind: 'page' | 'post'
  /** The page's address, `/<slug>`. */
  path: string
  title: string
  /** Where the form posts (it takes the page off), and the way back to the editor. */
  action: string
  back: string
  /** The redirect as typed, and why it was refused, after a refusal. */
  to?: string
  error?: string
}

/**
 * /admin/pages/<slug>/unpublish and /admin/posts/<slug>/unpublish: Take off the site asks first (a
 * page of its own, no JavaScript needed); a landing page's offers a redirect for its visitors. The
 * form's `confirm` is the answer: a post without it takes nothing off.
 */
export function unpublishPage({
  kind,
  path,
  title,
  action,
  back,
  to,
  error,
  ...frame
}: UnpublishData): PageModule {
  const asked = kind === 'post' ? words.post : words
  return adminPage(
    kind === 'post' ? 'posts' : 'landing',
    { meta: asked.meta, heading: asked.heading },
    frame,
    <AdminSection title={title}>
      <p>{fillTemplate(asked.text, { path })}</p>
      <form method="post" action={action} className="studio-form" noValidate>
        <input type="hidden" name="confirm" value="yes" />
        {kind === 'page' ? (
          <div className="field">
            <LabelledInput
              id="unpublish-to"
              name="to"
              label={words.redirect}
              hint={words.redirectHint}
              defaultValue={to ?? ''}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-errormessage={error ? 'unpublish-to-error' : undefined}
            />
            {error ? (
              <p id="unpublish-to-error" className="field-error">
                {error}
              </p>
            ) : null}
          </div>
        ) : null}
        <p className="studio-actions">
          <button type="submit" className="btn btn-danger">
            {words.confirm}
          </button>
          <a href={back} className="btn btn-secondary">
            {words.keep}
          </a>
        </p>
      </form>
    </AdminSection>,
  )
}
