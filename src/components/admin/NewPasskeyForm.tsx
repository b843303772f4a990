import { LabelledInput } from './LabelledInput'
import { PasskeyButton } from './PasskeyButton'

interface NewPasskeyFormProps {
  /** The label field's id (unique on its page). */
  id: string
  /** Where the browser asks for the registration options, and where it sends the answer. */
  options: string
  verify: string
  copy: { label: string; button: string; busy: string; needsScript: string; failed: string }
}

/** Creating a passkey: its label, and the button that runs the ceremony (needs JavaScript). */
export function NewPasskeyForm({ id, options, verify, copy }: NewPasskeyFormProps) {
  const { label, ...button } = copy
  return (
    <form className="update-form">
      <LabelledInput id={id} label={label} name="label" maxLength={60} defaultValue="My passkey" />
      <PasskeyButton ceremony="register" options={options} verify={verify} copy={button} />
    </form>
  )
}
