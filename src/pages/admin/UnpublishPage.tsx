import { AdminSection } from '../../components/admin/AdminShell'
import { LabelledInput } from '../../components/admin/LabelledInput'
import { adminCopy } from '../../content/admin'
import { fillTemplate } from '../../lib/template'
import type { PageModule } from '../../schemas/page-module'
import { adminPage, type AdminFrame } from './AdminFrame'

const words = adminCopy.tools.unpublish

/** What a landing page's question says (with its redirect) and a post's (which asks only). */
export const UNPUBLISH_QUESTIONS = {
  landing: { part: 'landing', asked: words, offersRedirect: true },
  posts: { part: 'posts', asked: words.post, offersRedirect: false },
} as const

export interface UnpublishData extends AdminFrame {
  /** Whose question this is: a landing page's or a post's. */
  question: (typeof UNPUBLISH_QUESTIONS)[keyof typeof UNPUBLISH_QUESTIONS]
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
  question: { part, asked, offersRedirect },
  path,
  title,
  action,
  back,
  to,
  error,
  ...frame
}: UnpublishData): PageModule {
  return adminPage(
    part,
    { meta: asked.meta, heading: asked.heading },
    frame,
    <AdminSection title={title}>
      <p>{fillTemplate(asked.text, { path })}</p>
      <form method="post" action={action} className="studio-form" noValidate>
        <input type="hidden" name="confirm" value="yes" />
        {offersRedirect ? (
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
