import { AdminSection } from '../../components/admin/AdminShell'
import { NewPasskeyForm } from '../../components/admin/NewPasskeyForm'
import { adminCopy } from '../../content/admin'
import { invitationHref } from '../../lib/admin-links'
import type { PageModule } from '../../schemas/page-module'
import { signedOutPage } from './AdminFrame'

const copy = adminCopy.invite

/** /admin/invite/<token>: the invited person creates their passkey and is signed in. */
export function invitePage({ token, name }: { token: string; name: string }): PageModule {
  const href = invitationHref(token)
  return signedOutPage(
    copy,
    <AdminSection title={`${copy.intro} ${name}`}>
      <NewPasskeyForm
        id="invite-label"
        options={`${href}/options`}
        verify={href}
        copy={{
          label: copy.label,
          button: copy.submit,
          busy: copy.busy,
          needsScript: copy.needsScript,
          failed: copy.failed,
        }}
      />
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
