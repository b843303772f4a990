import { AdminSection } from '../../components/admin/AdminShell'
import { NewPasskeyForm } from '../../components/admin/NewPasskeyForm'
import { adminCopy } from '../../content/admin'
import { invitationHref, utcText } from '../../lib/admin-links'
import { fillTemplate } from '../../lib/template'
import type { Role } from '../../schemas/roles'
import type { PageModule } from '../../schemas/page-module'
import { signedOutPage } from './AdminFrame'

const copy = adminCopy.invite

const join = adminCopy.tools.join

/**
 * /admin/invite/<token>: the invited person reads their role and what a passkey is, creates one
 * and is signed in; and what to do when one cannot be made.
 */
export function invitePage({
  token,
  name,
  role,
  expiresAt,
}: {
  token: string
  name: string
  role: Role
  expiresAt: string
}): PageModule {
  const href = invitationHref(token)
  const roleWords = adminCopy.roles[role]
  return signedOutPage(
    copy,
    <AdminSection title={`${copy.intro} ${name}`}>
      <p>{fillTemplate(join.role, { role: roleWords.name, note: roleWords.note })}</p>
      <h3 className="studio-live-title">{join.what}</h3>
      <p>{join.passkey}</p>
      <NewPasskeyForm
        id="invite-label"
        options={`${href}/options`}
        verify={href}
        copy={{
          label: copy.label,
          button: copy.submit,
          busy: copy.busy,
          needsScript: copy.needsScript,
          failed: join.failed,
        }}
      />
      <h3 className="studio-live-title">{join.stuck}</h3>
      <ul className="studio-error-list">
        {join.tries.map((line) => (
          <li key={line}>{fillTemplate(line, { at: utcText(expiresAt) })}</li>
        ))}
      </ul>
    </AdminSection>,
  )
}

/** An invitation link that has expired, was used, or never existed (410 Gone). */
export function invitationGonePage(): PageModule {
  return signedOutPage(
    { meta: copy.meta, heading: copy.gone.heading },
    <AdminSection title={copy.gone.heading}>
      <p>{copy.gone.text}</p>
    </AdminSection>,
  )
}
