/**
 * Each role's name and what it may use in a few words, drawn from the role table (PERMISSIONS)
 * and the parts' names, so a note cannot drift from what the role opens. Apart from roles.ts,
 * which the permission check reads on every console request, so that the parts' names and this
 * stay in the console's own chunk.
 */
import { CONSOLE_PARTS } from '../../lib/console-parts'
import { CONSOLE_ACTIONS, may, ROLES, type ConsoleAction, type Role } from '../../schemas/roles'
import { nav } from './nav'
import { roles } from './roles'

/** The parts every role opens about itself and the rest (the overview, help, your account): no note names them. */
const EVERYONES: readonly ConsoleAction[] = ['overview', 'account']
const list = new Intl.ListFormat('en-GB', { type: 'conjunction' })
/** A part's name inside a sentence: "Site copy" becomes "site copy", "Viewer URL" "viewer URL". */
const inSentence = (name: string) =>
  /^[A-Z][a-z]/.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name

/**
 * The parts the role opens, in the navigation's order; "everything" for the role that may do all;
 * and, for a role that never opens the leads, that it never sees a lead's personal data.
 */
function noteOf(role: Role): string {
  const parts = CONSOLE_PARTS.filter(({ action }) => !EVERYONES.includes(action) && may(role, action))
  const note = list.format(parts.map(({ part }) => inSentence(nav[part])))
  if (CONSOLE_ACTIONS.every((action) => may(role, action))) return `everything: ${note}`
  return may(role, 'leads') ? note : `${note}; never a lead’s name, e-mail or phone`
}

export const roleWords = Object.fromEntries(
  ROLES.map((role) => [role, { name: roles[role].name, note: noteOf(role) }]),
) as Record<Role, { name: string; note: string }>
