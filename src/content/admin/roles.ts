/** The console's roles (schemas/roles.ts), and what a person sees when their role does not open a part. */
import { CONSOLE_PARTS } from '../../lib/console-parts'
import { CONSOLE_ACTIONS, may, type ConsoleAction, type Role } from '../../schemas/roles'
import { nav } from './nav'

/** The parts every role opens about itself and the rest (the overview, help, your account): no note names them. */
const EVERYONES: readonly ConsoleAction[] = ['overview', 'account']
const list = new Intl.ListFormat('en-GB', { type: 'conjunction' })
/** A part's name inside a sentence: "Site copy" becomes "site copy", "Viewer URL" "viewer URL". */
const inSentence = (name: string) =>
  /^[A-Z][a-z]/.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name

/**
 * What a role may use, in a few words, drawn from the role table (PERMISSIONS) and the parts'
 * names: the parts it opens in the navigation's order; "everything" for the role that may do all;
 * and, for a role that never opens the leads, that it never sees a lead's personal data.
 */
function noteOf(role: Role): string {
  const parts = CONSOLE_PARTS.filter(({ action }) => !EVERYONES.includes(action) && may(role, action))
  const note = list.format(parts.map(({ part }) => inSentence(nav[part])))
  if (CONSOLE_ACTIONS.every((action) => may(role, action))) return `everything: ${note}`
  return may(role, 'leads') ? note : `${note}; never a lead’s name, e-mail or phone`
}

export const roles = {
  admin: { name: 'Admin', note: noteOf('admin') },
  editor: { name: 'Editor', note: noteOf('editor') },
  sales: { name: 'Sales', note: noteOf('sales') },
} satisfies Record<Role, { name: string; note: string }>

/** A request the person's role does not allow: a page (403), or a short reason for a CSV or JSON request. */
export const forbidden = {
  meta: { title: 'Not for your role · Admin', description: 'This part of the console needs another role.' },
  heading: 'Not for your role',
  text: 'This part of the console is for: {roles}. You are signed in as {who}, with the role {role}.',
  ask: 'Ask an admin to change your role if you need it.',
  short: 'Your role ({role}) does not allow this; it needs: {roles}.',
}

/** An Access identity with no role: who they are, and whom to ask. */
export const noRole = {
  meta: { title: 'No role · Admin', description: 'You have no role in this console yet.' },
  heading: 'No role in this console',
  text: 'Cloudflare Access signed you in, but you have no role in this console.',
  ask: 'Ask one of its admins to give you one:',
  nobody: 'Ask whoever runs the Cloudflare Access application for this site to give you one.',
}
