import { AdminSection } from '../../components/admin/AdminShell'
import { DataTable } from '../../components/admin/DataTable'
import { LabelledInput } from '../../components/admin/LabelledInput'
import { NewPasskeyForm } from '../../components/admin/NewPasskeyForm'
import { UtcTime } from '../../components/admin/UtcTime'
import { adminCopy } from '../../content/admin'
import { ADMIN_PATHS, adminRemoveHref, passkeyRemoveHref } from '../../lib/admin-links'
import type { PageModule } from '../../schemas/page-module'
import type { TeamMember } from '../../schemas/admin-records'
import { adminPage, readable, type AdminFrame } from './AdminFrame'

export interface TeamData extends AdminFrame {
  /** Everyone who may use the console; null when it could not be read. */
  members: TeamMember[] | null
  /** The signed-in admin's id (absent for a person Cloudflare Access signed in). */
  me?: string
  /** Cloudflare Access decides who signs in: no passkeys or invitations here. */
  accessOnly: boolean
  /** A new invitation's link, shown this once. */
  invitation?: { name: string; link: string; expiresAt: string }
}

const copy = adminCopy.team

/** /admin/team: the admins and their passkeys, your own passkeys, invitations, and Sign out everywhere. */
export function teamPage({ members, me, accessOnly, invitation, ...frame }: TeamData): PageModule {
  const mine = members?.find((member) => member.id === me)
  return adminPage(
    'team',
    copy,
    frame,
    <>
      {invitation ? (
        <AdminSection title={copy.invite.linkTitle}>
          <p>
            <strong>{invitation.name}</strong>: {copy.invite.linkNote}
          </p>
          <p className="url-text">
            <code id="invitation-link">{invitation.link}</code>
          </p>
          <p className="field-hint">
            {copy.invite.expires}: <UtcTime iso={invitation.expiresAt} />
          </p>
        </AdminSection>
      ) : null}
      <AdminSection title={copy.members.title}>
        {readable(members, (list) => (
          <MembersTable members={list} me={me} />
        ))}
      </AdminSection>
      {accessOnly ? (
        <p className="field-hint">{copy.access}</p>
      ) : (
        <>
          {mine ? <YourPasskeys member={mine} /> : null}
          <AdminSection title={copy.invite.title}>
            <form method="post" action={ADMIN_PATHS.invite} className="update-form">
              <p>{copy.invite.intro}</p>
              <LabelledInput id="invite-name" label={copy.invite.label} name="name" required maxLength={80} />
              <button type="submit" className="btn btn-primary form-submit">
                {copy.invite.submit}
              </button>
            </form>
          </AdminSection>
          {me ? (
            <AdminSection title={copy.everywhere.title}>
              <form method="post" action={ADMIN_PATHS.signOutEverywhere} className="update-form">
                <p>{copy.everywhere.note}</p>
                <button type="submit" className="btn btn-secondary form-submit">
                  {copy.everywhere.submit}
                </button>
              </form>
            </AdminSection>
          ) : null}
        </>
      )}
    </>,
  )
}

function MembersTable({ members, me }: { members: TeamMember[]; me?: string }) {
  const t = copy.members
  const rows = members.map((member) => ({
    key: member.id,
    cells: [
      <>
        {member.name} {member.id === me ? <span className="data-table-note">{t.you}</span> : null}
      </>,
      <>
        {member.password ? <p className="data-table-note">{t.password}</p> : null}
        {member.passkeys.length === 0 ? (
          t.noPasskeys
        ) : (
          <ul className="passkey-list">
            {member.passkeys.map((key) => (
              <li key={key.id}>
                {key.label}{' '}
                <span className="data-table-note">
                  {t.added} <UtcTime iso={key.createdAt} />
                  {key.lastUsedAt ? (
                    <>
                      , {t.lastUsed} <UtcTime iso={key.lastUsedAt} />
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </>,
      member.lastSignInAt ? <UtcTime iso={member.lastSignInAt} /> : t.never,
      member.id === me || member.password ? null : (
        <form method="post" action={adminRemoveHref(member.id)}>
          <button type="submit" className="btn btn-ghost btn-sm" aria-label={`${t.remove} ${member.name}`}>
            {t.remove}
          </button>
        </form>
      ),
    ],
  }))
  return (
    <DataTable
      caption={t.caption}
      columns={[t.name, t.passkeys, t.lastSignIn, t.actions]}
      rows={rows}
      rowHeader={0}
      stack
    />
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
