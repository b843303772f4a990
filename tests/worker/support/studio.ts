/**
 * The studio's editor as a browser without JavaScript uses it: read the form the page drew (its
 * inputs, text areas and selects, with the values a browser would send), change some fields,
 * and post it back with the button pressed.
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
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)
  return match ? decode(match[1]!) : undefined
}

/** What the editor's form (class studio-form) sends as it is drawn: name → value. */
export function editorFields(body: string): Record<string, string> {
  const form = /<form[^>]*class="studio-form"[^>]*>([\s\S]*?)<\/form>/.exec(body)?.[1] ?? ''
  const fields: Record<string, string> = {}
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = attr(tag, 'name')
    const type = attr(tag, 'type') ?? 'text'
    if (!name || type === 'file' || ((type === 'checkbox' || type === 'radio') && !/\schecked=""/.test(tag)))
      continue
    fields[name] = attr(tag, 'value') ?? ''
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

/** GET an editor page and what its form would send. */
export async function openEditor(path: string, cookie = ADMIN_COOKIE) {
  const page = await callApp(path, { headers: { Cookie: cookie } })
  return { ...page, fields: editorFields(page.body) }
}

/** Posts an editor form with the button `op` pressed (save, preview, publish, schedule, or a list's). */
export function postEditor(path: string, fields: Record<string, string>, op = 'save', cookie = ADMIN_COOKIE) {
  return callApp(path, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: cookie, ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, _op: op }).toString(),
  })
}

/** The title and description an author writes over the template's starter text, which the publish gate refuses. */
export const OWN_HEAD = {
  'page.title': 'NRF 2027: our XR stores at booth B12',
  'page.description':
    'Visit booth B12 at NRF 2027 and see a 3D store built with your own products in minutes.',
}
