/**
 * Any console page's forms as a browser without JavaScript reads them (issue 57): each form's
 * address, method and what it sends as drawn, and its submit buttons (each button's own name,
 * value and formaction, as a press sends them); and a press, posted as that browser would.
 */
import { SAME_ORIGIN } from './admin'
import { ADMIN_COOKIE, callApp } from './app'

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

const attr = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)
  return match ? decode(match[1]!) : undefined
}

const textOf = (html: string) =>
  decode(html.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()

export interface FormButton {
  name?: string
  value?: string
  /** The button's own address (formaction), if it has one. */
  formaction?: string
  /** What it says, its hidden words included. */
  label: string
}

export interface PageForm {
  action: string
  method: string
  className: string
  /** Its role, if it says one (`search`: a filter of a list). */
  role?: string
  /** name → value, as the form sends it with no button pressed. */
  fields: Record<string, string>
  buttons: FormButton[]
}

/** The fields a form's HTML sends as drawn: inputs (checked boxes and radios), text areas, selects. */
function fieldsOf(form: string): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = attr(tag, 'name')
    const type = (attr(tag, 'type') ?? 'text').toLowerCase()
    if (!name || type === 'file' || type === 'submit' || type === 'button') continue
    if ((type === 'checkbox' || type === 'radio') && !/\schecked=""/.test(tag)) continue
    fields[name] = attr(tag, 'value') ?? (type === 'checkbox' || type === 'radio' ? 'on' : '')
  }
  for (const [, tag, text] of form.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = attr(tag!, 'name')
    if (name) fields[name] = decode(text!.replace(/^\n/, ''))
  }
  for (const [, tag, options] of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = attr(tag!, 'name')
    const chosen = /<option[^>]*selected=""[^>]*>/.exec(options!)?.[0] ?? /<option[^>]*>/.exec(options!)?.[0]
    if (name) fields[name] = chosen ? (attr(chosen, 'value') ?? '') : ''
  }
  return fields
}

/** Every form of a page, in order, with its fields and submit buttons (`page`: the address a form without one posts to). */
export function formsOf(html: string, page = ''): PageForm[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, tag, inner]) => ({
    action: attr(tag!, 'action') || page,
    method: (attr(tag!, 'method') ?? 'get').toLowerCase(),
    className: attr(tag!, 'class') ?? '',
    role: attr(tag!, 'role'),
    fields: fieldsOf(inner!),
    buttons: [...inner!.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)]
      .filter(([, button]) => !/\stype="(button|reset)"/.test(button!))
      .map(([, button, label]) => ({
        name: attr(button!, 'name'),
        value: attr(button!, 'value'),
        formaction: attr(button!, 'formaction'),
        label: textOf(label!),
      })),
  }))
}

/** Presses `button` of `form` as a browser does: the form's fields, the button's name and value, to its address. */
export function press(form: PageForm, button: FormButton, fields = form.fields, cookie = ADMIN_COOKIE) {
  const body = new URLSearchParams(fields)
  if (button.name) body.set(button.name, button.value ?? '')
  // A browser drops the address's fragment from the request.
  const to = (button.formaction ?? form.action).replace(/#.*$/, '')
  return callApp(to, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: cookie, ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  })
}
