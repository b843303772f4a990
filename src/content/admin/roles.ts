/** The console's roles (schemas/roles.ts), and what a person sees when their role does not open a part. */
import type { Role } from '../../schemas/roles'

/** Each role's name; what it may use is said by role-notes.ts, drawn from the role table. */
export const roles = {
  admin: { name: 'Admin' },
  editor: { name: 'Editor' },
  sales: { name: 'Sales' },
  translator: { name: 'Translator' },
} satisfies Record<Role, { name: string }>

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
