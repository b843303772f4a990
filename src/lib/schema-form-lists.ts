/**
 * The studio's list buttons: what a new item starts as, and adding, removing and moving items
 * within the bounds the schema sets (a list of exactly four stays four; its items can move).
 */
import type { z } from 'zod'
import { defOf, listBounds, schemaAt, unwrap } from './schema-walk'
import { valueAt, withValueAt } from './edition'
import { MAX_ITEMS, studioKindOf, unionOptions, type FormInput } from './schema-form'

const stringOf = (value: unknown) => (typeof value === 'string' ? value : '')

/** The value a new item of a list starts with: empty text, the fewest items, no picture. */
export function blankOf(schema: z.ZodType): unknown {
  const { schema: inner, optional } = unwrap(schema)
  if (optional || studioKindOf(inner) === 'image') return undefined
  const def = defOf(inner)
  switch (def.type) {
    case 'number':
      return 0
    case 'literal':
      return def.values![0]
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape!)
          .map(([key, field]) => [key, blankOf(field)])
          .filter(([, value]) => value !== undefined),
      )
    case 'array':
      return Array.from({ length: listBounds(inner).min }, () => blankOf(def.element!))
    case 'union':
      return blankOf(def.options![0]!)
    default:
      return ''
  }
}

/** A new item of a list: as blankOf, and a picture not chosen yet for a list of pictures (a logo wall's). */
function blankItemOf(element: z.ZodType): unknown {
  const picture = studioKindOf(unwrap(element).schema) === 'image'
  return picture ? { src: '', alt: '', width: 0, height: 0 } : blankOf(element)
}

/** A new item of a union's option named by its key (a section of that type); undefined for none. */
function blankOfOption(union: z.ZodType, key: string): unknown {
  const options = defOf(unwrap(union).schema).options ?? []
  const option = options.find((candidate) => {
    const keys = Object.keys(defOf(candidate).shape ?? {})
    return keys.length === 1 && keys[0] === key
  })
  return option && blankOf(option)
}

/**
 * A list operation a form's button asks for: `add:<list>` (in a list of sections,
 * `add:<list>:<type>`), `remove|up|down|copy:<list>.<index>` (copy: a duplicate after it).
 */
export type ListOperation = {
  verb: 'add' | 'remove' | 'up' | 'down' | 'copy'
  list: string
  index: number
  /** The type of a new section. */
  kind?: string
}

export function listOperationOf(op: unknown): ListOperation | undefined {
  const match = /^(add|remove|up|down|copy):([\w.]+?)(?::(\w+))?$/.exec(stringOf(op))
  if (!match) return undefined
  const [, verb, path, kind] = match as unknown as [string, ListOperation['verb'], string, string?]
  if (verb === 'add') return { verb, list: path, index: -1, ...(kind ? { kind } : {}) }
  if (kind) return undefined
  const split = /^(.+)\.(\d+)$/.exec(path)
  return split ? { verb, list: split[1]!, index: Number(split[2]) } : undefined
}

/**
 * The tree with a list operation applied, within the list's bounds; `schema` is the whole tree's.
 * Unchanged when the path is not a list of the schema.
 */
export function applyListOperation<T>(
  tree: T,
  schema: z.ZodType,
  { verb, list, index, kind }: ListOperation,
): T {
  const listSchema = schemaAt(schema, list)
  const items = valueAt(tree, list)
  if (!listSchema || defOf(unwrap(listSchema).schema).type !== 'array' || !Array.isArray(items)) return tree
  const { min, max } = listBounds(unwrap(listSchema).schema)
  const element = defOf(unwrap(listSchema).schema).element!
  const next = [...items]
  const room = next.length < Math.min(max, MAX_ITEMS)
  if (verb === 'add' && room) {
    const item = kind === undefined ? blankItemOf(element) : blankOfOption(element, kind)
    if (item !== undefined) next.push(item)
  }
  if (verb === 'copy' && room && index < next.length) next.splice(index + 1, 0, structuredClone(next[index]))
  if (verb === 'remove' && next.length > min && index < next.length) next.splice(index, 1)
  const other = verb === 'up' ? index - 1 : index + 1
  if ((verb === 'up' || verb === 'down') && other >= 0 && other < next.length && index < next.length)
    [next[index], next[other]] = [next[other], next[index]]
  return withValueAt(tree, list, next)
}

/**
 * The posted form with each choice on the way to `path` set to the kind that holds it. A list
 * button inside a kind the value is not yet (a question's "Boxes to tick" while it is "One of a
 * list", all drawn for a browser without JavaScript) picks that kind, as the person pressing it
 * means: otherwise the form is read as the kind it was, and the press changes nothing.
 */
export function choosingKindsOn(form: FormInput, schema: z.ZodType, path: string): FormInput {
  const keys = path.split('.')
  let chosen = form
  for (let i = 1; i < keys.length; i++) {
    const prefix = keys.slice(0, i).join('.')
    const at = schemaAt(schema, prefix)
    const def = at && defOf(unwrap(at).schema)
    if (def?.type !== 'union') continue
    const { shared, options } = unionOptions(def.options!)
    if (shared.includes(keys[i]!)) continue
    const option = options.find((candidate) => candidate.key.split('+').includes(keys[i]!))
    if (option) chosen = { ...chosen, [`${prefix}.@kind`]: option.key }
  }
  return chosen
}
