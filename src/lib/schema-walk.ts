/**
 * Reading a zod schema as a tree, for the studio: the schema of a field at a dot path (to check
 * an edition field by field), and what kind of input a schema wants (to draw its editor).
 */
import type { z } from 'zod'

type Def = {
  type: string
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  innerType?: z.ZodType
  options?: z.ZodType[]
  values?: unknown[]
  entries?: Record<string, string>
  checks?: { _zod: { def: { check: string; length?: number; minimum?: number; maximum?: number } } }[]
  in?: z.ZodType
}

export const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def

/** The schema without optional, default and pipe wrappers, and whether it was optional. */
export function unwrap(schema: z.ZodType): { schema: z.ZodType; optional: boolean } {
  let at = schema
  let optional = false
  for (;;) {
    const def = defOf(at)
    if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') {
      optional ||= def.type !== 'default'
      at = def.innerType!
    } else if (def.type === 'pipe') at = def.in!
    else return { schema: at, optional }
  }
}

/** The field `key` of the first object among a union's options that has one. */
function optionWith(options: z.ZodType[], key: string): z.ZodType | undefined {
  for (const option of options) {
    const shape = defOf(unwrap(option).schema).shape
    if (shape && Object.hasOwn(shape, key)) return shape[key]
  }
  return undefined
}

/**
 * The schema of the field at `path` under `schema`, or undefined when the path leaves it. A
 * numeric step goes into a list's element; a step into a union of objects (a page's section,
 * `sections.4.faq`; a link's target) goes into the first option that has that key.
 */
export function schemaAt(schema: z.ZodType, path: string): z.ZodType | undefined {
  let at: z.ZodType | undefined = schema
  for (const key of path.split('.')) {
    if (!at) return undefined
    const def = defOf(unwrap(at).schema)
    if (def.type === 'object') at = def.shape![key]
    else if (def.type === 'array' && /^\d+$/.test(key)) at = def.element
    else if (def.type === 'union') at = optionWith(def.options ?? [], key)
    else return undefined
  }
  return at
}

/** A list's bounds from its checks: exactly, at least, at most. */
export function listBounds(schema: z.ZodType): { min: number; max: number } {
  let min = 0
  let max = Infinity
  for (const check of defOf(schema).checks ?? []) {
    const { check: kind, length, minimum, maximum } = check._zod.def
    if (kind === 'length_equals') min = max = length!
    if (kind === 'min_length') min = minimum!
    if (kind === 'max_length') max = maximum!
  }
  return { min, max }
}
