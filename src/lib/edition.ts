/**
 * Editions: what the studio changed in a tree of copy, as fields at dot paths. An object is walked
 * key by key; anything else (a string, a number, a list) is one field, so a list is edited as a
 * whole. `null` stands for a field the edition removes (an optional one left empty).
 */

/** An edition: each changed field's dot path (`home.hero.title`) and its value. */
export type Edition = Record<string, unknown>

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The value at a dot path, or undefined.
 *
 * @example valueAt({ home: { hero: { title: 'A' } } }, 'home.hero.title') === 'A'
 */
export function valueAt(tree: unknown, path: string): unknown {
  let at = tree
  for (const key of path.split('.')) {
    if (!isObject(at) && !Array.isArray(at)) return undefined
    at = (at as Record<string, unknown>)[key]
  }
  return at
}

/**
 * A copy of `tree` with `value` at `path` (the objects on the way are copied, never changed);
 * `null` removes the key.
 *
 * @example withValueAt({ a: { b: 1, c: 2 } }, 'a.b', 3) // { a: { b: 3, c: 2 } }
 */
export function withValueAt<T>(tree: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.') as [string, ...string[]]
  const node: Record<string, unknown> = Array.isArray(tree)
    ? ([...tree] as unknown as Record<string, unknown>)
    : { ...(tree as Record<string, unknown>) }
  if (rest.length === 0) {
    if (value === null) delete node[key]
    else node[key] = value
  } else node[key] = withValueAt(node[key] ?? {}, rest.join('.'), value)
  return node as T
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The fields under `root` where `value` differs from `defaults` (both the subtree at `root`). */
export function changedFields(defaults: unknown, value: unknown, root: string): Edition {
  if (!isObject(defaults) || !isObject(value)) return same(defaults, value) ? {} : { [root]: value ?? null }
  const fields: Edition = {}
  for (const key of new Set([...Object.keys(defaults), ...Object.keys(value)])) {
    Object.assign(fields, changedFields(defaults[key], value[key], `${root}.${key}`))
  }
  return fields
}

/** The tree with every field of the edition applied. */
export function applyEdition<T>(tree: T, edition: Edition): T {
  let result = tree
  for (const [path, value] of Object.entries(edition)) result = withValueAt(result, path, value)
  return result
}

/** One field that differs between two values: its path, and its value in each. */
export interface FieldChange {
  path: string
  before: unknown
  after: unknown
}

/**
 * Where two values differ, down to single fields, lists included (item by item): what a history
 * or a stale save shows a person.
 *
 * @example differences({ t: 'a', l: ['x'] }, { t: 'b', l: ['x', 'y'] }, 'r')
 * // [{ path: 'r.t', before: 'a', after: 'b' }, { path: 'r.l.1', before: undefined, after: 'y' }]
 */
export function differences(before: unknown, after: unknown, path: string): FieldChange[] {
  if (same(before, after)) return []
  const bothLists = Array.isArray(before) && Array.isArray(after)
  if (!bothLists && !(isObject(before) && isObject(after))) return [{ path, before, after }]
  const a = before as Record<string, unknown>
  const b = after as Record<string, unknown>
  const keys = bothLists
    ? Array.from({ length: Math.max((before as unknown[]).length, (after as unknown[]).length) }, (_, i) =>
        String(i),
      )
    : [...new Set([...Object.keys(a), ...Object.keys(b)])]
  return keys.flatMap((key) => differences(a[key], b[key], `${path}.${key}`))
}
