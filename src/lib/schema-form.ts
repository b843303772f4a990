/**
 * The studio's forms, generated from the zod schemas: a value drawn as a tree of fields (what the
 * editor page renders), a posted form read back into a value, and the list operations a form's
 * buttons ask for (add, remove, move). A field's form name is its dot path in the document
 * (`home.hero.ctas.0.label`), the same path the checks report errors under, so an error finds its
 * field. Nothing here is specific to a document: a new field in a schema gets its input.
 */
import type { z } from 'zod'
import { defOf, listBounds, unwrap } from './schema-walk'
import { libraryImageOf } from './library'

/**
 * How the studio draws a field beyond its type: a library picture with its alt text and size, a
 * picture's address alone (a poster: decoration), a post, Markdown.
 */
export type StudioKind = 'image' | 'picture' | 'post' | 'markdown' | 'sections'

export interface ImageValue {
  src: string
  alt: string
  width: number
  height: number
}

interface FieldBase {
  /** The form name: the field's dot path. */
  name: string
  /** The last step of the path: what its label is looked up by (a number in a list). */
  key: string
  optional: boolean
}

export type FormNode =
  | (FieldBase & {
      kind: 'text'
      value: string
      long: boolean
      /** A template's starter text, shown as a hint in the empty field and never as its value. */
      placeholder?: string
    })
  | (FieldBase & { kind: 'number'; value: string })
  | (FieldBase & {
      kind: 'fixed'
      value: string
      /** Why it cannot be changed here, when not the design's (a saved post's or page's address). */
      note?: string
    })
  | (FieldBase & { kind: 'choice'; value: string; options: string[] })
  | (FieldBase & { kind: 'post'; value: string })
  | (FieldBase & { kind: 'picture'; value: string })
  | (FieldBase & { kind: 'markdown'; value: string })
  | (FieldBase & { kind: 'image'; value: Partial<ImageValue> | undefined })
  | (FieldBase & { kind: 'group'; present: boolean; children: FormNode[] })
  | (FieldBase & {
      kind: 'list'
      items: FormNode[]
      min: number
      max: number
      /** A list of sections: the types a new item can be (each item's type is fixed once added). */
      kinds?: string[]
    })
  | (FieldBase & {
      kind: 'variant'
      /** The chosen option's key ('' for none). */
      chosen: string
      /** Fields every option has (a link's title). */
      shared: FormNode[]
      /** Each option, by the key that tells it apart (`section`, `path`, `url`, `viewer`). */
      choices: { key: string; fields: FormNode[] }[]
      /** A section of a page: its type was chosen when it was added, and only its fields show. */
      fixed?: boolean
    })

/** What a posted form holds (Hono's parseBody). */
export type FormInput = Record<string, unknown>

/** Longer strings get a text area. */
const LONG_TEXT = 90
/** A posted list holds at most this many items. */
export const MAX_ITEMS = 200

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const stringOf = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''
const lastKey = (name: string) => name.slice(name.lastIndexOf('.') + 1)

export const studioKindOf = (schema: z.ZodType): StudioKind | undefined =>
  (schema.meta() as { studio?: StudioKind } | undefined)?.studio

type ObjectOption = { schema: z.ZodType; shape: Record<string, z.ZodType> }

/** A union of objects, each with the keys that tell it apart from the others. */
export function unionOptions(options: z.ZodType[]) {
  const objects: ObjectOption[] = options.map((schema) => ({ schema, shape: defOf(schema).shape ?? {} }))
  const shared = Object.keys(objects[0]?.shape ?? {}).filter((key) =>
    objects.every((option) => key in option.shape),
  )
  return {
    shared,
    options: objects.map((option) => ({
      ...option,
      key: Object.keys(option.shape)
        .filter((key) => !shared.includes(key))
        .join('+'),
    })),
  }
}

/** The option of a union a value is: the first whose own keys it has. */
const chosenOption = (options: { key: string }[], value: unknown) =>
  isObject(value) ? options.find((option) => option.key.split('+').every((key) => key in value))?.key : ''

/** A value drawn as fields, under the form name `name`. */
export function formTree(schema: z.ZodType, value: unknown, name: string): FormNode {
  const { schema: inner, optional } = unwrap(schema)
  const def = defOf(inner)
  const base = { name, key: lastKey(name), optional }
  const studio = studioKindOf(inner)
  if (studio === 'image') return { ...base, kind: 'image', value: isObject(value) ? value : undefined }
  if (studio === 'post' || studio === 'picture' || studio === 'markdown')
    return { ...base, kind: studio, value: stringOf(value) }
  switch (def.type) {
    case 'number':
      return { ...base, kind: 'number', value: stringOf(value) }
    case 'literal':
      return { ...base, kind: 'fixed', value: String(def.values![0]) }
    case 'enum':
      return { ...base, kind: 'choice', value: stringOf(value), options: Object.values(def.entries!) }
    case 'object': {
      const shape = def.shape!
      const present = isObject(value)
      const children = Object.keys(shape).map((key) =>
        formTree(shape[key]!, present ? value[key] : undefined, `${name}.${key}`),
      )
      return { ...base, kind: 'group', present: present || !optional, children }
    }
    case 'array': {
      const values = Array.isArray(value) ? value.slice(0, MAX_ITEMS) : []
      const items = values.map((item, i) => formTree(def.element!, item, `${name}.${i}`))
      if (studio !== 'sections') return { ...base, kind: 'list', items, ...listBounds(inner) }
      const fixed = items.map((item) => (item.kind === 'variant' ? { ...item, fixed: true } : item))
      const kinds = unionOptions(defOf(def.element!).options ?? []).options.map((option) => option.key)
      return { ...base, kind: 'list', items: fixed, kinds, ...listBounds(inner) }
    }
    case 'union': {
      const { shared, options } = unionOptions(def.options!)
      const field = (shape: Record<string, z.ZodType>, key: string) =>
        formTree(shape[key]!, isObject(value) ? value[key] : undefined, `${name}.${key}`)
      return {
        ...base,
        kind: 'variant',
        chosen: chosenOption(options, value) ?? '',
        shared: shared.map((key) => field(options[0]!.shape, key)),
        choices: options.map((option) => ({
          key: option.key,
          fields: option.key ? option.key.split('+').map((key) => field(option.shape, key)) : [],
        })),
      }
    }
    default: {
      const text = stringOf(value)
      return { ...base, kind: 'text', value: text, long: text.length > LONG_TEXT || text.includes('\n') }
    }
  }
}

/** A posted string, with the browser's CRLF line ends made LF. */
const posted = (form: FormInput, name: string) => stringOf(form[name]).replace(/\r\n?/g, '\n')

/** A posted number, or the text as typed when it is none (the check then says so). */
const numberOf = (text: string): number | string =>
  /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text

/** A library picture's size is in its address; any other picture keeps the size it had. */
function imageOf(form: FormInput, name: string): ImageValue {
  const src = posted(form, `${name}.src`)
  const kept = src === posted(form, `${name}.was`)
  const size = libraryImageOf(src) ?? {
    width: kept ? Number(posted(form, `${name}.width`)) : 0,
    height: kept ? Number(posted(form, `${name}.height`)) : 0,
  }
  return { src, alt: posted(form, `${name}.alt`).trim(), width: size.width, height: size.height }
}

const ALT_WAS = '.altWas'

/**
 * The picture fields of a posted form whose picture was just picked and whose alt text was left as
 * it was drawn (or empty): they take the alt text the picture has in the library. Words typed in
 * the field are the author's own for this page, and stay.
 */
export function picksTakingLibraryAlt(form: FormInput): string[] {
  return Object.keys(form)
    .filter((key) => key.endsWith(ALT_WAS))
    .map((key) => key.slice(0, -ALT_WAS.length))
    .filter((name) => {
      const src = posted(form, `${name}.src`)
      if (!src || src === posted(form, `${name}.was`)) return false
      const alt = posted(form, `${name}.alt`).trim()
      return !alt || alt === posted(form, `${name}${ALT_WAS}`).trim()
    })
}

/** The form with each newly picked library picture's alt text from `alts` (by address), as picksTakingLibraryAlt says. */
export function withLibraryAlt(form: FormInput, alts: ReadonlyMap<string, string>): FormInput {
  const filled = { ...form }
  for (const name of picksTakingLibraryAlt(form)) {
    const alt = alts.get(posted(form, `${name}.src`))
    if (alt !== undefined) filled[`${name}.alt`] = alt
  }
  return filled
}

/** The value a posted form gives for the field named `name` (undefined: left out). */
export function readValue(schema: z.ZodType, form: FormInput, name: string): unknown {
  const { schema: inner, optional } = unwrap(schema)
  const def = defOf(inner)
  const studio = studioKindOf(inner)
  if (studio === 'image') {
    if (optional && !posted(form, `${name}.src`)) return undefined
    return imageOf(form, name)
  }
  switch (def.type) {
    case 'number':
      return optional && !posted(form, name).trim() ? undefined : numberOf(posted(form, name))
    case 'literal':
      return def.values![0]
    case 'object': {
      if (optional && posted(form, `${name}.@present`) !== 'yes') return undefined
      const entries = Object.entries(def.shape!).map(([key, field]) => [
        key,
        readValue(field, form, `${name}.${key}`),
      ])
      return Object.fromEntries(entries.filter(([, value]) => value !== undefined))
    }
    case 'array': {
      const count = Math.min(Number(posted(form, `${name}.@count`)) || 0, MAX_ITEMS)
      return Array.from({ length: count }, (_, i) => readValue(def.element!, form, `${name}.${i}`))
    }
    case 'union': {
      const { shared, options } = unionOptions(def.options!)
      const option = options.find((candidate) => candidate.key === posted(form, `${name}.@kind`))
      if (!option) return optional ? undefined : {}
      const keys = [...shared, ...(option.key ? option.key.split('+') : [])]
      const entries = keys.map((key) => [key, readValue(option.shape[key]!, form, `${name}.${key}`)])
      return Object.fromEntries(entries.filter(([, value]) => value !== undefined))
    }
    default: {
      const text = posted(form, name)
      return optional && !text.trim() ? undefined : text
    }
  }
}
