/**
 * A campaign form's own fields' messages (issue 63): English templates, and the messages made from
 * a locale's table (content/locales/<code>/contact.ts), each given the field's label and its limit.
 */
import type { FieldMessageTemplates } from './contact-fields'

/** The English of a campaign field's messages (a locale's are in content/locales/<code>/contact.ts). */
export const FIELD_MESSAGE_TEMPLATES = {
  required: '{label} is required',
  tooLong: '{label} must be at most {n} characters',
  characters: '{label} contains characters that are not allowed',
  email: '{label}: invalid email address',
  number: '{label} must be a whole number',
  lowest: '{label} must be at least {n}',
  highest: '{label} must be at most {n}',
  date: '{label} must be a date',
  earliest: '{label} must be on or after {n}',
  latest: '{label} must be on or before {n}',
  choice: '{label}: choose one of the options',
} satisfies FieldMessageTemplates

export type FieldMessages = Record<
  keyof FieldMessageTemplates,
  (label: string, n?: number | string) => string
>

/** The messages of a table of templates, each given the field's label and its limit. */
export function fieldMessagesOf(templates: FieldMessageTemplates): FieldMessages {
  const entries = Object.entries(templates).map(([key, template]) => [
    key,
    (label: string, n?: number | string) =>
      template.replaceAll('{label}', () => label).replaceAll('{n}', () => String(n ?? '')),
  ])
  return Object.fromEntries(entries) as FieldMessages
}

export const FIELD_MESSAGES = fieldMessagesOf(FIELD_MESSAGE_TEMPLATES)
