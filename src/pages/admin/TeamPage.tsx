import { CopyLink } from '../../components/admin/CopyLink'
import { AdminSection } from '../../components/admin/AdminShell'
import { DataTable } from '../../components/admin/DataTable'
import { LabelledInput } from '../../components/admin/LabelledInput'
import { PendingInvitations } from '../../components/admin/PendingInvitations'
import { LabelledSelect } from '../../components/admin/LabelledSelect'
import { UtcTime } from '../../components/admin/UtcTime'
import { adminCopy } from '../../content/admin'
import { LocaleBoxes as Boxes } from '../../components/admin/LocaleBoxes'
import { ADMIN_PATHS, adminRemoveHref, roleChangeHref } from '../../lib/admin-links'
import type { PendingInvitation, TeamMember } from '../../schemas/admin-records'
import type { PageModule } from '../../schemas/page-module'
import { ROLES } from '../../schemas/roles'
import { adminPage, factList, readable, type AdminFrame } from './AdminFrame'

export interface TeamData extends AdminFrame {
  /** Everyone who may use the console; null when it could not be read. */
  members: TeamMember[] | null
  /** Invitations still usable (null: could not be read). */
  pending: PendingInvitation[] | null
  /** The signed-in admin's id (absent for a person Cloudflare Access signed in). */
  me?: string
  /** Cloudflare Access decides who signs in: no passkeys or invitations here. */
  accessOnly: boolean
  /** The Access identities that are admins (ADMIN_ACCESS_EMAILS). */
  accessAdmins: readonly string[]
  /** A new invitation's link, shown this once. */
  invitation?: { name: string; link: string; expiresAt: string }
}

const copy = adminCopy.team
const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: adminCopy.roles[role].name }))

/** /admin/team: everyone with their role and passkeys, role changes, removals and invitations. */
export function teamPage({
  members,
  me,
  accessOnly,
  accessAdmins,
  invitation,
  pending,
  ...frame
}: TeamData): PageModule {
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
          <CopyLink
            id="invitation-link"
            label={copy.invite.linkTitle}
            url={invitation.link}
            words={adminCopy.tools.copy}
          />
          <p className="field-hint">
            {copy.invite.expires}: <UtcTime iso={invitation.expiresAt} />
          </p>
        </AdminSection>
      ) : null}
      <AdminSection title={copy.members.title}>
        {readable(members, (list) => (
          <MembersTable members={list} me={me} />
        ))}
        {factList(ROLES.map((role) => [adminCopy.roles[role].name, adminCopy.roles[role].note]))}
      </AdminSection>
      {accessOnly ? (
        <AdminSection title={adminCopy.roles.admin.name}>
          <p className="field-hint">{copy.access}</p>
          {accessAdmins.length ? (
            <ul>
              {accessAdmins.map((email) => (
                <li key={email}>{email}</li>
              ))}
            </ul>
          ) : null}
        </AdminSection>
      ) : (
        <AdminSection title={copy.invite.title}>
          <form method="post" action={ADMIN_PATHS.invite} className="update-form">
            <p>{copy.invite.intro}</p>
            <LabelledInput id="invite-name" label={copy.invite.label} name="name" required maxLength={80} />
            <LabelledSelect
              id="invite-role"
              label={copy.invite.role}
              name="role"
              required
              defaultValue=""
              placeholder={copy.invite.chooseRole}
              options={ROLE_OPTIONS}
            />
            <LocaleBoxes id="invite" />
            <button type="submit" className="btn btn-primary form-submit">
              {copy.invite.submit}
            </button>
          </form>
        </AdminSection>
      )}
      {accessOnly ? null : (
        <AdminSection title={copy.pending.title}>
          {readable(pending, (list) => (
            <PendingInvitations
              invitations={list}
              words={copy.pending}
              roleNames={{
                admin: adminCopy.roles.admin.name,
                editor: adminCopy.roles.editor.name,
                sales: adminCopy.roles.sales.name,
                translator: adminCopy.roles.translator.name,
              }}
            />
          ))}
        </AdminSection>
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
      member.password ? adminCopy.roles.admin.name : <RoleForm member={member} />,
      <Passkeys member={member} />,
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
      columns={[t.name, t.role, t.passkeys, t.lastSignIn, t.actions]}
      rows={rows}
      rowHeader={0}
      stack
    />
  )
}

/** A person's role, changeable in place (a plain form: it works without JavaScript). */
function RoleForm({ member }: { member: TeamMember }) {
  const id = `role-${member.id}`
  return (
    <form method="post" action={roleChangeHref(member.id)} className="role-form">
      <label htmlFor={id} className="sr-only">
        {`${copy.members.role}: ${member.name}`}
      </label>
      <select id={id} name="role" defaultValue={member.role} className="field-input">
        {ROLE_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <LocaleBoxes id={id} checked={member.locales?.split(',') ?? []} />
      <button
        type="submit"
        className="btn btn-ghost btn-sm"
        aria-label={`${copy.members.changeRole}: ${member.name}`}
      >
        {copy.members.changeRole}
      </button>
    </form>
  )
}

function Passkeys({ member }: { member: TeamMember }) {
  const t = copy.members
  return (
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
    </>
  )
}

const LocaleBoxes = (props: { id: string; checked?: readonly string[] }) => (
  <Boxes {...props} legend={adminCopy.translations.translatesInto} names={adminCopy.translations.languages} />
)
