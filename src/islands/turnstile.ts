/**
 * Cloudflare Turnstile in the contact form, when the server turned it on: loaded on the visitor's
 * first interaction with the form (never with the page), rendered explicitly into the form, and
 * asked for a token when the form is sent. Loaded by ContactForm with a dynamic import, so pages
 * without Turnstile never download this module.
 */
import { TimeoutError, withTimeout } from '../lib/timeout'

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'
/** Must match the action the server expects (server/leads/services/turnstile.ts TURNSTILE_ACTION). */
const ACTION = 'contact'
/** How long a send waits for a challenge still running; then it goes without, and is held. */
const TOKEN_WAIT_MS = 10_000

/** The part of Turnstile's client API the form uses. */
interface TurnstileApi {
  render(
    container: HTMLElement,
    options: {
      sitekey: string
      action: string
      callback: (token: string) => void
      'expired-callback': () => void
      'error-callback': () => boolean | void
      'response-field': boolean
    },
  ): string | undefined
  reset(widget: string): void
}

declare global {
  interface Window {
    turnstile?: TurnstileApi
  }
}

let script: Promise<TurnstileApi> | undefined

/** Adds Cloudflare's script once; a failed load may be tried again later. */
function loadScript(): Promise<TurnstileApi> {
  script ??= new Promise<TurnstileApi>((resolve, reject) => {
    const element = document.createElement('script')
    element.src = SCRIPT_URL
    element.async = true
    element.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('no turnstile')))
    element.onerror = () => reject(new Error('Turnstile did not load'))
    document.head.appendChild(element)
  }).catch((error: unknown) => {
    script = undefined
    throw error
  })
  return script
}

/** One form's challenge: its widget and the token it last gave. */
export class Challenge {
  private token: string | undefined
  private waiting: ((token: string) => void)[] = []
  private widget: string | undefined
  private readonly ready: Promise<void>

  constructor(siteKey: string, container: HTMLElement) {
    this.ready = loadScript().then((api) => {
      this.widget = api.render(container, {
        sitekey: siteKey,
        action: ACTION,
        callback: (token) => this.take(token),
        'expired-callback': () => (this.token = undefined),
        // Handled here (the post goes without a token and is held), so Turnstile logs nothing more.
        'error-callback': () => true,
        'response-field': false,
      })
    })
    this.ready.catch((error: unknown) => console.error('Turnstile:', error))
  }

  private take(token: string) {
    this.token = token
    for (const resolve of this.waiting.splice(0)) resolve(token)
  }

  /** The token to send, waiting a while for a challenge still running; undefined without one. */
  async tokenForSend(): Promise<string | undefined> {
    if (this.token) return this.spend()
    try {
      await withTimeout(TOKEN_WAIT_MS, () =>
        this.ready.then(() => new Promise<string>((r) => this.waiting.push(r))),
      )
      return this.spend()
    } catch (error) {
      if (!(error instanceof TimeoutError)) console.error('Turnstile:', error)
      return undefined
    }
  }

  /** A token is good for one check: take it, and ask the widget for the next one. */
  private spend(): string | undefined {
    const token = this.token
    this.token = undefined
    if (this.widget !== undefined) window.turnstile?.reset(this.widget)
    return token
  }
}
