/**
 * The studio's picture fields: the picker (radio cards with thumbnails, no JavaScript needed) and
 * a picture with its alt text, which a newly picked library picture fills from Media
 * (lib/schema-form.ts withLibraryAlt).
 */
import type { FormNode } from '../../lib/schema-form'
import { rasterImageFor } from '../../lib/media'
import {
  FieldError,
  fieldId,
  inputProps,
  thumbnailOf,
  type FieldWords,
  type PictureChoice,
} from './StudioInputs'

const idOf = fieldId

/** A built or library picture's size, so that its thumbnail's box is kept before it arrives. */
const sizeOf = (src: string) => ({ width: rasterImageFor(src)?.width, height: rasterImageFor(src)?.height })

const fileName = (src: string) => src.slice(src.lastIndexOf('/') + 1)

type PictureContext = { errors: Record<string, string>; words: FieldWords; pictures: PictureChoice[] }

/**
 * The choice of a picture: radio cards, each with its thumbnail, in a box of its own height that
 * scrolls (no JavaScript needed); the current picture is kept first when the library does not
 * hold it (a built file).
 */
function PictureSelect({
  name,
  src,
  label,
  optional,
  error,
  hint,
  context,
  withAlt = false,
}: {
  /** A picture with alt text beside it: picking a card brings the library's words (`data-alt`). */
  withAlt?: boolean
  name: string
  src: string
  label: string
  optional: boolean
  error: string | undefined
  hint: string
  context: PictureContext
}) {
  const { words, pictures } = context
  const choices = [
    ...(src && !pictures.some((picture) => picture.src === src)
      ? [{ src, label: `${words.image.current}: ${fileName(src)}` }]
      : []),
    ...pictures,
  ]
  const describedBy = [`${idOf(name)}-hint`, error ? `${idOf(name)}-error` : ''].join(' ').trim()
  return (
    <fieldset className="field" id={idOf(name)} aria-describedby={describedBy}>
      <legend className="field-label">{label}</legend>
      <div className="picture-cards">
        <label className="picture-card">
          <span className="picture-card-name">
            <input type="radio" name={name} value="" defaultChecked={!src} />
            {optional ? words.image.none : words.image.choose}
          </span>
        </label>
        {choices.map((picture) => (
          <label key={picture.src} className="picture-card">
            <img src={thumbnailOf(picture.src)} alt="" {...sizeOf(picture.src)} loading="lazy" />
            <span className="picture-card-name">
              <input
                type="radio"
                name={name}
                value={picture.src}
                // What picking it brings into the alt text (client/console-tools.ts), as the server does without JavaScript.
                data-alt={withAlt && 'alt' in picture ? picture.alt : undefined}
                defaultChecked={picture.src === src}
                aria-invalid={error ? true : undefined}
              />
              {picture.label}
            </span>
          </label>
        ))}
      </div>
      <p id={`${idOf(name)}-hint`} className="field-hint">
        {hint}
      </p>
      <FieldError name={name} error={error && !src ? words.image.required : error} />
    </fieldset>
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
      <input type="hidden" name={`${name}.altWas`} value={node.value?.alt ?? ''} />
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
        withAlt
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
          {words.image.altHint} {words.image.altFromLibrary}
        </p>
        <FieldError name={`${name}.alt`} error={errors[`${name}.alt`]} />
      </div>
    </fieldset>
  )
}
