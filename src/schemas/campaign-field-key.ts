/**
 * A campaign form field's posted name, and a hidden value's bound (issue 63): shared by the form's
 * definition (campaign-form.ts, with zod) and its drawing (campaign-form-fields.ts, without).
 */

/** A hidden field's value, whatever it carries, is cut to this. */
export const HIDDEN_VALUE_LIMIT = 200

/**
 * The name a field is posted under: `f-` and its label in lower case, each run of anything but
 * letters and digits one hyphen. Unique labels that differ only in punctuation share a name, which
 * the gate refuses. The prefix keeps it clear of the form's own fields (name, email, formToken).
 */
export function fieldKey(label: string): string {
  const words = label
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
  return words ? `f-${words.slice(0, 60)}` : ''
}
