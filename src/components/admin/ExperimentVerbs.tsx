/**
 * An experiment's verbs as one-button forms (Start, Stop, Make live), and the question Make live
 * asks while the verdict is not clear: plain forms, so both work without JavaScript.
 */
import { fillTemplate } from '../../lib/template'
import { Notice } from '../ui/Notice'

/** A one-button form posting to one of the experiment's verbs. */
export function Verb({
  to,
  label,
  hint,
  arm,
  primary,
  confirmed,
}: {
  to: string
  label: string
  hint?: string
  arm?: number
  primary?: boolean
  confirmed?: boolean
}) {
  return (
    <form method="post" action={to}>
      {arm === undefined ? null : <input type="hidden" name="arm" value={String(arm)} />}
      {confirmed ? <input type="hidden" name="confirmed" value="yes" /> : null}
      <button type="submit" className={`btn ${primary ? 'btn-primary' : 'btn-secondary'}`}>
        {label}
      </button>
      {hint ? <p className="field-hint">{hint}</p> : null}
    </form>
  )
}

/** Make version X live before the verdict is clear? Yes (confirmed), or keep testing. */
export function ConfirmLive({
  to,
  back,
  arm,
  name,
  words,
}: {
  to: string
  back: string
  arm: number
  name: string
  words: { title: string; text: string; yes: string; no: string }
}) {
  return (
    <div id="confirm-live" className="experiment-confirm">
      <Notice ok={false} title={fillTemplate(words.title, { arm: name })} text={words.text} />
      <div className="experiment-actions">
        <Verb to={to} arm={arm} confirmed label={fillTemplate(words.yes, { arm: name })} />
        <p>
          <a className="btn btn-primary" href={back}>
            {words.no}
          </a>
        </p>
      </div>
    </div>
  )
}
