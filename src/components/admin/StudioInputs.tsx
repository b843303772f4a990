import type { FormNode } from '../../lib/schema-form'
import { rasterImageFor } from '../../lib/media'

/** A picture of the media library, as the picker offers it. */
export interface PictureChoice {
  src: string
  label: string
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
    decorationHint: string
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

/** A built or library picture's size, so that its thumbnail's box is kept before it arrives. */
const sizeOf = (src: string) => ({ width: rasterImageFor(src)?.width, height: rasterImageFor(src)?.height })

const fileName = (src: string) => src.slice(src.lastIndexOf('/') + 1)

type PictureContext = { errors: Record<string, string>; words: FieldWords; pictures: PictureChoice[] }

/**
 * The choice of a picture: a small copy of the current one, and a list of the media library's
 * pictures, with the current one kept first when the library does not hold it (a built file).
 */
function PictureSelect({
  name,
  src,
  label,
  optional,
  error,
  hint,
  context,
}: {
  name: string
  src: string
  label: string
  optional: boolean
  error: string | undefined
  hint: string
  context: PictureContext
}) {
  const { words, pictures } = context
  return (
    <>
      {src ? (
        <img src={thumbnailOf(src)} alt="" {...sizeOf(src)} className="studio-thumb" loading="lazy" />
      ) : null}
      <div className="field">
        <label htmlFor={idOf(name)} className="field-label">
          {label}
        </label>
        <select
          {...inputProps(name, error)}
          defaultValue={src}
          aria-describedby={[`${idOf(name)}-hint`, error ? `${idOf(name)}-error` : ''].join(' ').trim()}
        >
          <option value="">{optional ? words.image.none : words.image.choose}</option>
          {src && !pictures.some((picture) => picture.src === src) ? (
            <option value={src}>{`${words.image.current}: ${fileName(src)}`}</option>
          ) : null}
          {pictures.map((picture) => (
            <option key={picture.src} value={picture.src}>
              {picture.label}
            </option>
          ))}
        </select>
        <p id={`${idOf(name)}-hint`} className="field-hint">
          {hint}
        </p>
        <FieldError name={name} error={error && !src ? words.image.required : error} />
      </div>
    </>
  )
}

/**
 * A picture shown as decoration only (a video's poster): its address alone, picked like any
 * other picture, with no alt text to ask for.
 */
export function PictureField({
  node,
  label,
  context,
}: {
  node: Extract<FormNode, { kind: 'picture' }>
  label: string
  context: PictureContext
}) {
  return (
    <div className="studio-group studio-image">
      <PictureSelect
        name={node.name}
        src={node.value}
        label={label}
        optional={node.optional}
        error={context.errors[node.name]}
        hint={`${context.words.image.decorationHint} ${context.words.image.upload}`}
        context={context}
      />
    </div>
  )
}

/**
 * A picture field: the current picture, a choice among the media library's pictures, and its
 * alt text. A library picture's size is in its address; another keeps the size it had (hidden).
 */
export function ImageField({
  node,
  label,
  context,
}: {
  node: Extract<FormNode, { kind: 'image' }>
  label: string
  context: PictureContext
}) {
  const { errors, words } = context
  const { name } = node
  const src = node.value?.src ?? ''
  const error = [name, `${name}.src`, `${name}.width`, `${name}.height`]
    .map((key) => errors[key])
    .find(Boolean)
  return (
    <fieldset className="studio-group studio-image" id={idOf(name)}>
      <legend className="studio-legend">{label}</legend>
      <input type="hidden" name={`${name}.was`} value={src} />
      <input type="hidden" name={`${name}.width`} value={node.value?.width ?? ''} />
      <input type="hidden" name={`${name}.height`} value={node.value?.height ?? ''} />
      <PictureSelect
        name={`${name}.src`}
        src={src}
        label={words.fields.src ?? 'File'}
        optional={node.optional}
        error={error}
        hint={words.image.upload}
        context={context}
      />
      <div className="field">
        <label htmlFor={idOf(`${name}.alt`)} className="field-label">
          {words.fields.alt ?? 'Alt text'}
        </label>
        <input
          {...inputProps(`${name}.alt`, errors[`${name}.alt`])}
          type="text"
          defaultValue={node.value?.alt ?? ''}
          aria-describedby={[
            `${idOf(`${name}.alt`)}-hint`,
            errors[`${name}.alt`] ? `${idOf(`${name}.alt`)}-error` : '',
          ]
            .join(' ')
            .trim()}
        />
        <p id={`${idOf(`${name}.alt`)}-hint`} className="field-hint">
          {words.image.altHint}
        </p>
        <FieldError name={`${name}.alt`} error={errors[`${name}.alt`]} />
      </div>
    </fieldset>
  )
}
