import { AdminSection } from '../../components/admin/AdminShell'
import { NewPasskeyForm } from '../../components/admin/NewPasskeyForm'
import { adminCopy } from '../../content/admin'
import { ADMIN_PATHS, deviceForgetHref, passkeyRemoveHref, utcText } from '../../lib/admin-links'
import { UtcTime } from '../../components/admin/UtcTime'
import type { DeviceRecord, TeamMember } from '../../schemas/admin-records'
import type { PageModule } from '../../schemas/page-module'
import { adminPage, factList, readable, type AdminFrame } from './AdminFrame'

export interface AccountData extends AdminFrame {
  /** You, with your passkeys; null when they could not be read. */
  member: TeamMember | null
  /** The browsers you signed in on, most recent first; null when they could not be read. */
  devices: DeviceRecord[] | null
  /** This browser's device id, when it is one of them. */
  thisBrowser?: string
  /** Cloudflare Access signed you in: no passkeys or sessions of yours here. */
  signedInByAccess: boolean
}

const copy = adminCopy.account

/** /admin/account: your role, your passkeys, and Sign out everywhere. */
export function accountPage({
  member,
  devices,
  thisBrowser,
  signedInByAccess,
  ...frame
}: AccountData): PageModule {
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
          {readable(devices, (yours) => (
            <YourBrowsers devices={yours} thisBrowser={thisBrowser} />
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

function YourBrowsers({ devices, thisBrowser }: { devices: DeviceRecord[]; thisBrowser?: string }) {
  const t = copy.devices
  return (
    <AdminSection title={t.title}>
      <p>{t.intro}</p>
      {devices.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ul className="passkey-list">
          {devices.map((device) => {
            const label =
              device.id === thisBrowser
                ? t.forgetThis
                : t.forgetOther.replace('{when}', utcText(device.lastUsedAt))
            return (
              <li key={device.id} className="passkey-item">
                <span>
                  {device.id === thisBrowser ? <strong>{t.thisBrowser}</strong> : null}
                  {device.id === thisBrowser ? ': ' : null}
                  {t.firstUsed} <UtcTime iso={device.createdAt} />, {t.lastUsed}{' '}
                  <UtcTime iso={device.lastUsedAt} />
                </span>
                <form method="post" action={deviceForgetHref(device.id)}>
                  <button type="submit" className="btn btn-ghost btn-sm" aria-label={label}>
                    {t.forget}
                  </button>
                </form>
              </li>
            )
          })}
        </ul>
      )}
    </AdminSection>
  )
}
