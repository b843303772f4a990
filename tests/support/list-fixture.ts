/**
 * Sections with two items in every list (issue 57), for pressing every list button: the landing
 * fixture's sections (every type but the Headline) and a Headline of its own, each list made two
 * items long (a list the schema holds at more, or exactly, keeps its bounds), the second item
 * worded apart from the first so a move can be seen.
 */
import type { z } from 'zod'
import { defOf, listBounds, unwrap } from '../../src/lib/schema-walk'
import { studioKindOf } from '../../src/lib/schema-form'
import type { PageSection } from '../../src/schemas/composed-pages'
import { EVERY_SECTION_PAGE } from './landing-fixture'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Free words of an item (never an address, a choice or a picture's file), which a copy may change. */
const WORDED = new Set([
  'label',
  'title',
  'question',
  'answer',
  'name',
  'quote',
  'description',
  'text',
  'alt',
])

/** A copy of `item` with each of its free words marked `n`, so the copy reads apart from it. */
function marked(item: unknown, n: number): unknown {
  if (Array.isArray(item)) return item.map((child) => marked(child, n))
  if (!isObject(item)) return item
  return Object.fromEntries(
    Object.entries(item).map(([key, value]) => [
      key,
      WORDED.has(key) && typeof value === 'string' ? `${value.slice(0, 60)} (${n})` : marked(value, n),
    ]),
  )
}

/** The schema of `key` in an object, or in the option of a union (a section, a link's target) that has it. */
function fieldSchema(schema: z.ZodType, key: string): z.ZodType {
  const def = defOf(schema)
  const shapes =
    def.type === 'union' ? def.options!.map((option) => defOf(option).shape ?? {}) : [def.shape ?? {}]
  return shapes.find((shape) => Object.hasOwn(shape, key))![key]!
}

/** `value` (under `schema`) with every list two items long, within its bounds; a list of sections keeps its length. */
export function twoInEveryList(schema: z.ZodType, value: unknown): unknown {
  const inner = unwrap(schema).schema
  if (studioKindOf(inner) === 'image') return value
  const def = defOf(inner)
  if (def.type === 'array' && Array.isArray(value)) {
    const items = value.map((item) => twoInEveryList(def.element!, item))
    if (studioKindOf(inner) === 'sections' || !items.length) return items
    const { min, max } = listBounds(inner)
    const length = Math.min(max, Math.max(2, min))
    while (items.length < length) items.push(marked(items.at(-1), items.length + 1))
    return items.slice(0, Math.max(length, min))
  }
  if (!isObject(value)) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, twoInEveryList(fieldSchema(inner, key), child)]),
  )
}

/** The Headline, with its two buttons. */
export const INTRO_SECTION: PageSection = {
  intro: {
    eyebrow: 'Retail fair 2027',
    title: 'Meet us at booth B12',
    text: 'See a store built with your products while you wait.',
    ctas: [
      { label: 'Book a demo', target: { section: 'sec-contact' } },
      { label: 'Try the builder', target: { path: '/try' } },
    ],
  },
}

/** The landing fixture's sections, every type but the Headline. */
export const FIXTURE_SECTIONS: PageSection[] = EVERY_SECTION_PAGE.sections
