/**
 * The invitations that still let someone in, each with Revoke (a plain form: it works without
 * JavaScript). Removing the admin who sent one ends it too (people/services/team.ts).
 */
import { invitationRevokeHref } from '../../lib/admin-links'
import type { PendingInvitation } from '../../schemas/admin-records'
import type { Role } from '../../schemas/roles'
import { DataTable } from './DataTable'
import { UtcTime } from './UtcTime'

type Words = Record<
  'caption' | 'name' | 'role' | 'invitedBy' | 'expires' | 'actions' | 'revoke' | 'none' | 'note',
  string
>

export function PendingInvitations({
  invitations,
  words,
  roleNames,
}: {
  invitations: PendingInvitation[]
  words: Words
  roleNames: Record<Role, string>
}) {
  if (!invitations.length) return <p>{words.none}</p>
  const rows = invitations.map((invitation) => ({
    key: invitation.id,
    cells: [
      invitation.name,
      roleNames[invitation.role],
      invitation.invitedBy,
      <UtcTime iso={invitation.expiresAt} />,
      <form method="post" action={invitationRevokeHref(invitation.id)}>
        <button
          type="submit"
          className="btn btn-ghost btn-sm"
          aria-label={`${words.revoke}: ${invitation.name}`}
        >
          {words.revoke}
        </button>
      </form>,
    ],
  }))
  return (
    <>
      <p className="field-hint">{words.note}</p>
      <DataTable
        caption={words.caption}
        columns={[words.name, words.role, words.invitedBy, words.expires, words.actions]}
        rows={rows}
        rowHeader={0}
        stack
      />
    </>
  )
}
