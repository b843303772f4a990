/**
 * Where the editor comes back to after one of a list's buttons (issue 57): the item the operation
 * leaves in its hands (the moved one, the copy, the new one), or the list itself after a removal.
 * The button's form action carries it as a fragment (its field's id), and the editor opens the
 * folded section holding it, so the person finds what they acted on where they left it.
 */
export type ListVerb = 'add' | 'remove' | 'up' | 'down' | 'copy'

/**
 * The path of what `verb` on item `index` of `list` (of `count` items, before it) leaves in focus.
 *
 * @example focusOf('up', 'page.sections', 3, 5) === 'page.sections.2'
 */
export function focusOf(verb: ListVerb, list: string, index: number, count: number): string {
  switch (verb) {
    case 'add':
      return `${list}.${count}`
    case 'copy':
    case 'down':
      return `${list}.${index + 1}`
    case 'up':
      return `${list}.${Math.max(0, index - 1)}`
    case 'remove':
      return list
  }
}

/** Whether the node named `name` holds one of `paths` (or is one): a folded section to open. */
export const holdsAny = (name: string, paths: readonly string[]) =>
  paths.some((path) => path === name || path.startsWith(`${name}.`))
