/**
 * The console's passkey buttons (components/admin/PasskeyButton.tsx), with SimpleWebAuthn's
 * browser half. Loaded only by console pages that show one, never by a public page. Each button
 * names its ceremony and the two addresses of its server half (options, then the answer); the
 * server answers the answer with `{ next }`, the page to go to, or `{ error }`.
 *
 * Without JavaScript the buttons stay disabled and a note says why; the password form works.
 */
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser'

interface Answer {
  next?: string
  error?: string
}

/** The server's own words for a refusal, shown as they are. */
class Refusal extends Error {}

async function postJson(url: string, body: unknown): Promise<Answer & Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = (await response.json().catch(() => ({}))) as Answer & Record<string, unknown>
  if (!response.ok) throw answer.error ? new Refusal(answer.error) : new Error(`HTTP ${response.status}`)
  return answer
}

/** The label field of the button's form, if it has one. */
const labelOf = (button: HTMLButtonElement) =>
  button.form?.querySelector<HTMLInputElement>('input[name="label"]')?.value.trim() ?? ''

async function run(button: HTMLButtonElement, status: HTMLElement) {
  const { ceremony = '', options = '', verify = '', busy = '', failed = '', next = '' } = button.dataset
  const idle = button.textContent
  button.disabled = true
  button.textContent = busy
  status.textContent = ''
  try {
    const label = labelOf(button)
    const optionsJSON = await postJson(options, { label })
    const response =
      ceremony === 'sign-in'
        ? await startAuthentication({ optionsJSON: optionsJSON as never })
        : await startRegistration({ optionsJSON: optionsJSON as never })
    const answer = await postJson(verify, { response, label, next })
    window.location.assign(answer.next ?? '/admin')
  } catch (error) {
    console.warn('passkey:', error)
    // The browser's own errors (cancelled, no passkey here) get the page's words; the server's, its own.
    status.textContent = error instanceof Refusal ? error.message : failed
    button.disabled = false
    button.textContent = idle
  }
}

for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-ceremony]')) {
  const status = document.getElementById(button.dataset.status ?? '')
  if (!status || !browserSupportsWebAuthn()) continue
  button.disabled = false
  button.addEventListener('click', (event) => {
    event.preventDefault()
    void run(button, status)
  })
}
