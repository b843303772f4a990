import { AdminSection } from '../../components/admin/AdminShell'
import { NewPasskeyForm } from '../../components/admin/NewPasskeyForm'
import { adminCopy } from '../../content/admin'
import { ADMIN_PATHS, passkeyRemoveHref } from '../../lib/admin-links'
import type { TeamMember } from '../../schemas/admin-records'
import type { PageModule } from '../../schemas/page-module'
import { adminPage, factList, readable, type AdminFrame } from './AdminFrame'

export interface AccountData extends AdminFrame {
  /** You, with your passkeys; null when they could not be read. */
  member: TeamMember | null
  /** Cloudflare Access signed you in: no passkeys or sessions of yours here. */
  signedInByAccess: boolean
}

const copy = adminCopy.account

/** /admin/account: your role, your passkeys, and Sign out everywhere. */
export function accountPage({ member, signedInByAccess, ...frame }: AccountData): PageModule {
  const role = adminCopy.roles[frame.role]
  return adminPage(
    'account',
    copy,
    frame,
    <>
      <AdminSection title={copy.role}>{factList([[role.name, role.note]])}</AdminSection>
      {signedInByAccess ? (
        <p className="field-hint">{copy.access}</p>
      ) : (
        <>
          {readable(member, (you) => (
            <YourPasskeys member={you} />
          ))}
          <AdminSection title={copy.everywhere.title}>
            <form method="post" action={ADMIN_PATHS.signOutEverywhere} className="update-form">
              <p>{copy.everywhere.note}</p>
              <button type="submit" className="btn btn-secondary form-submit">
                {copy.everywhere.submit}
              </button>
            </form>
          </AdminSection>
        </>
      )}
    </>,
  )
}

function YourPasskeys({ member }: { member: TeamMember }) {
  const t = copy.passkeys
  return (
    <AdminSection title={t.title}>
      <p>{t.intro}</p>
      {member.passkeys.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ul className="passkey-list">
          {member.passkeys.map((key) => (
            <li key={key.id} className="passkey-item">
              <span>{key.label}</span>
              <form method="post" action={passkeyRemoveHref(key.id)}>
                <button
                  type="submit"
                  className="btn btn-ghost btn-sm"
                  aria-label={`${t.remove} ${key.label}`}
                >
                  {t.remove}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <NewPasskeyForm
        id="passkey-label"
        options={ADMIN_PATHS.passkeyOptions}
        verify={ADMIN_PATHS.passkeys}
        copy={{ label: t.label, button: t.add, busy: t.busy, needsScript: t.needsScript, failed: t.failed }}
      />
    </AdminSection>
  )
}
