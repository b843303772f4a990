import type { LeadStatus } from '../../schemas/admin-records'

/** A lead's status as the word admins know it, tinted by how much it needs them. */
export function LeadStatusWord({ status }: { status: LeadStatus }) {
  return <span className={`lead-status lead-status-${status}`}>{status}</span>
}
