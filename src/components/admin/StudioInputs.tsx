import { rasterImageFor } from '../../lib/media'
import type { FormNode } from '../../lib/schema-form'

/** A picture of the media library, as the picker offers it. */
export interface PictureChoice {
  src: string
  label: string
  /** Its alt text in the library ('' when decorative): what picking it brings. */
  alt: string
}

/** The studio's words for fields (content/admin/studio.ts). */
export interface FieldWords {
  fields: Record<string, string>
  items: Record<string, string>
  /** A choice's options in words, by value; a value with none is shown as it is. */
  choices: Record<string, string>
  item: string
  list: { add: string; remove: string; up: string; down: string }
  fixed: string
  include: string
  variant: Record<string, string>
  image: {
    choose: string
    none: string
    current: string
    altHint: string
    altFromLibrary: string
    decorationHint: string
    /** Under a video's file where the video may be left out (a hero): its picture shows instead. */
    videoOptional: string
    upload: string
    required: string
  }
  post: { choose: string }
  /** A page's sections: the add menu's words, and each type's name and line. */
  sections?: {
    add: string
    addHint: string
    duplicate: string
    types: Record<string, { name: string; line: string }>
  }
}

/** What every field of an editor draws with. */
export interface FieldsContext {
  errors: Record<string, string>
  words: FieldWords
  pictures: PictureChoice[]
  posts: { slug: string; title: string }[]
  /** The form's address: a list button comes back to what it acted on. */
  action: string
  /** Whether a folded section is drawn open (it holds the last list button's item, or an error). */
  open?: (name: string) => boolean
}

/** A key as words: "brandStrip" is "Brand strip". */
export function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The value of the first choice called `key` under a node (a home page's section's `part`). */
function choiceUnder(node: FormNode, key: string): string | undefined {
  if (node.kind === 'choice') return node.key === key ? node.value : undefined
  const children =
    node.kind === 'group'
      ? node.children
      : node.kind === 'variant'
        ? (node.choices.find((choice) => choice.key === node.chosen)?.fields ?? [])
        : []
  for (const child of children) {
    const found = choiceUnder(child, key)
    if (found) return found
  }
  return undefined
}

/**
 * A section's name in the editor's outline and its folded heading: its type's ("Questions and
 * answers"), or for one of the home page's own sections which one it is ("Blog teaser").
 */
export function sectionName(node: FormNode, words: FieldWords): string {
  const kind = node.kind === 'variant' ? node.chosen : ''
  const part = kind === 'home' ? choiceUnder(node, 'part') : undefined
  if (part) return words.choices[part] ?? humanize(part)
  return words.sections?.types[kind]?.name ?? humanize(kind)
}

/** The id of a field's input: its name, made safe for an id. */
export const fieldId = (name: string) => `f-${name.replace(/[^\w-]/g, '-')}`
const idOf = fieldId

/** An input's name, id, style, and its error's wiring. */
export const inputProps = (name: string, error: string | undefined) => ({
  id: idOf(name),
  name,
  className: 'field-input',
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${idOf(name)}-error` : undefined,
})

export function FieldError({ name, error }: { name: string; error: string | undefined }) {
  return error ? (
    <p id={`${idOf(name)}-error`} className="field-error">
      {error}
    </p>
  ) : null
}

/** A value the design fixes: shown, not editable. */
export function FixedField({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <p className="studio-fixed">
      <span className="field-label">{label}</span> <span>{value}</span>{' '}
      <span className="field-hint">{note}</span>
    </p>
  )
}

/** A small copy of a picture for the editor: the narrowest built WebP, or the file itself. */
export function thumbnailOf(src: string): string {
  return rasterImageFor(src)?.webp[0]?.url ?? src
}
