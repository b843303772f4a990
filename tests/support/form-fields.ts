/**
 * What a browser posts for a document's value in the studio's generated form: the inverse of
 * lib/schema-form.ts readValue, walked over the same form tree the editor draws. Tests use it to
 * post a whole document (a landing page of every section) as a person filling the form would.
 */
import type { z } from 'zod'
import { formTree, type FormNode } from '../../src/lib/schema-form'

function fieldsOf(node: FormNode, out: Record<string, string>): void {
  switch (node.kind) {
    case 'fixed':
      return
    case 'image':
      if (!node.value?.src) return
      out[`${node.name}.src`] = node.value.src
      out[`${node.name}.was`] = node.value.src
      out[`${node.name}.alt`] = node.value.alt ?? ''
      out[`${node.name}.width`] = String(node.value.width ?? '')
      out[`${node.name}.height`] = String(node.value.height ?? '')
      return
    case 'group':
      if (node.optional && node.present) out[`${node.name}.@present`] = 'yes'
      if (node.present) for (const child of node.children) fieldsOf(child, out)
      return
    case 'list':
      out[`${node.name}.@count`] = String(node.items.length)
      for (const item of node.items) fieldsOf(item, out)
      return
    case 'variant':
      out[`${node.name}.@kind`] = node.chosen
      for (const child of node.shared) fieldsOf(child, out)
      for (const child of node.choices.find((choice) => choice.key === node.chosen)?.fields ?? [])
        fieldsOf(child, out)
      return
    default:
      out[node.name] = node.value
  }
}

/** The form fields for `value` under the form name `name`, as the schema's editor posts them. */
export function formFieldsOf(schema: z.ZodType, value: unknown, name: string): Record<string, string> {
  const out: Record<string, string> = {}
  fieldsOf(formTree(schema, value, name), out)
  return out
}
