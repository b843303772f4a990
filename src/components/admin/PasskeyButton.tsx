import { useId } from 'react'
import { usePageState } from '../RenderContext'

interface PasskeyButtonProps {
  /** Which WebAuthn ceremony: sign in with a passkey, or create one. */
  ceremony: 'sign-in' | 'register'
  /** Where the browser asks for the options, and where it sends the authenticator's answer. */
  options: string
  verify: string
  /** Where to go after signing in (sign-in only). */
  next?: string
  copy: { button: string; busy: string; needsScript: string; failed: string }
}

/**
 * A passkey button. It needs JavaScript (client/passkeys.ts, which this page then loads): it
 * renders disabled with a note saying so, and the script enables it where the browser has
 * WebAuthn. Outcomes are announced in a polite live region beside it.
 */
export function PasskeyButton({ ceremony, options, verify, next, copy }: PasskeyButtonProps) {
  const { needs } = usePageState()
  needs.add('passkeys')
  const status = useId()
  return (
    <div className="passkey">
      <button
        type="submit"
        className="btn btn-primary"
        disabled
        data-ceremony={ceremony}
        data-options={options}
        data-verify={verify}
        data-next={next}
        data-busy={copy.busy}
        data-failed={copy.failed}
        data-status={status}
      >
        {copy.button}
      </button>
      <p id={status} className="passkey-status" role="status" aria-live="polite" />
      <noscript>
        <p className="field-hint">{copy.needsScript}</p>
      </noscript>
    </div>
  )
}
