import { leadActionHref } from '../../lib/admin-links'
import type { AdminCopy } from '../../schemas/admin-copy'

type Action = 'send-again' | 'erase'

interface LeadActionsProps {
  id: string
  /** Whether the lead's status allows each action (the TRANSITIONS table decides). */
  allowed: Record<Action, boolean>
  copy: AdminCopy['lead']['actions']
}

/** Send again and Erase as same-origin form posts, each shown only where it can apply. */
export function LeadActions({ id, allowed, copy }: LeadActionsProps) {
  if (!allowed['send-again'] && !allowed.erase) return <p>{copy.none}</p>
  return (
    <div className="lead-actions">
      {allowed['send-again'] ? (
        <ActionForm id={id} action="send-again" label={copy.sendAgain} note={copy.sendAgainNote} />
      ) : null}
      {allowed.erase ? <ActionForm id={id} action="erase" label={copy.erase} note={copy.eraseNote} /> : null}
    </div>
  )
}

function ActionForm({
  id,
  action,
  label,
  note,
}: {
  id: string
  action: Action
  label: string
  note: string
}) {
  return (
    <form method="post" action={leadActionHref(id, action)}>
      <button
        type="submit"
        className={`btn btn-sm ${action === 'erase' ? 'btn-danger' : 'btn-primary'}`}
        aria-describedby={`${action}-note`}
      >
        {label}
      </button>
      <p id={`${action}-note`} className="field-hint">
        {note}
      </p>
    </form>
  )
}
