import { LabelledSelect } from './LabelledSelect'
import { leadActionHref, type LeadActionName, type LeadListQuery } from '../../lib/admin-links'
import type { AdminCopy } from '../../schemas/admin-words'

interface LeadActionsProps {
  id: string
  /** Whether the lead's status allows each action (the TRANSITIONS table decides). */
  allowed: Record<LeadActionName, boolean>
  copy: AdminCopy['lead']['actions']
  /** The channels Send again may choose from, with their names; none when only one is set up. */
  channels?: { value: string; name: string }[]
  /** The list the lead was opened from: each action comes back to the lead with it. */
  list?: LeadListQuery
}

/** Each action's button, its note, and how strongly it is drawn, in the order they are shown. */
function actionsOf(copy: AdminCopy['lead']['actions']) {
  return [
    { action: 'send-again', label: copy.sendAgain, note: copy.sendAgainNote, look: 'btn-primary' },
    { action: 'not-spam', label: copy.notSpam, note: copy.notSpamNote, look: 'btn-primary' },
    { action: 'mark-spam', label: copy.markSpam, note: copy.markSpamNote, look: 'btn-ghost' },
    { action: 'erase', label: copy.erase, note: copy.eraseNote, look: 'btn-danger' },
  ] as const
}

/** The actions as same-origin form posts, each shown only where it can apply. */
export function LeadActions({ id, allowed, copy, channels = [], list }: LeadActionsProps) {
  const shown = actionsOf(copy).filter(({ action }) => allowed[action])
  if (!shown.length) return <p>{copy.none}</p>
  return (
    <div className="lead-actions">
      {shown.map(({ action, label, note, look }) => (
        <form key={action} method="post" action={leadActionHref(id, action, list)}>
          {action === 'send-again' && channels.length > 0 ? (
            <LabelledSelect
              id="send-through"
              name="channel"
              label={copy.sendThrough}
              placeholder={copy.eitherChannel}
              options={channels.map(({ value, name }) => ({ value, label: name }))}
            />
          ) : null}
          <button type="submit" className={`btn btn-sm ${look}`} aria-describedby={`${action}-note`}>
            {label}
          </button>
          <p id={`${action}-note`} className="field-hint">
            {note}
          </p>
        </form>
      ))}
    </div>
  )
}
