import type { FormNode } from '../../lib/schema-form'
import { partId } from './EditorNavigation'
import { List, Variant } from './StudioGroups'
import {
  FieldError,
  fieldId,
  FixedField,
  inputProps,
  humanize,
  type FieldsContext,
  type FieldWords,
} from './StudioInputs'
import { ImageField, PictureField } from './PictureInputs'

export { fieldId, humanize, type FieldWords, type PictureChoice } from './StudioInputs'

const labelOf = (key: string, words: FieldWords) => words.fields[key] ?? humanize(key)
const itemOf = (listKey: string, words: FieldWords) => words.items[listKey] ?? words.item

/**
 * The editor's fields, drawn from a form tree (lib/schema-form.ts): a label for every input, the
 * error beside its field, lists with buttons to add, remove and move items (plain submit buttons:
 * they work without JavaScript), a choice of where a link goes, and pictures picked from the
 * media library. `roots` are the document's parts, each under its own heading.
 */
export function SchemaFields({
  roots,
  ...context
}: FieldsContext & { roots: { node: FormNode; label: string }[] }) {
  return (
    <>
      {roots.map(({ node, label }) => (
        <fieldset key={node.name} className="studio-root" id={partId(node.name)}>
          <legend className="studio-root-title">{label}</legend>
          {node.kind === 'group' ? (
            node.children.map((child) => <Field key={child.name} node={child} context={context} />)
          ) : (
            <Field node={node} context={context} label={label} />
          )}
        </fieldset>
      ))}
    </>
  )
}

const renderField = (node: FormNode, context: FieldsContext, label?: string) => (
  <Field key={node.name} node={node} context={context} label={label} />
)

function Field({ node, context, label }: { node: FormNode; context: FieldsContext; label?: string }) {
  const { words, errors } = context
  const name = label ?? labelOf(node.key, words)
  const error = errors[node.name]
  switch (node.kind) {
    case 'fixed':
      return <FixedField label={name} value={node.value} note={node.note ?? words.fixed} />
    case 'image':
      return <ImageField node={node} label={name} context={context} />
    case 'picture':
      return <PictureField node={node} label={name} context={context} />
    case 'group':
      return <Group node={node} label={name} context={context} />
    case 'list':
      return (
        <List node={node} label={name} context={context} field={renderField} item={itemOf(node.key, words)} />
      )
    case 'variant':
      return <Variant node={node} label={name} context={context} field={renderField} />
    case 'choice':
    case 'post': {
      const options =
        node.kind === 'post'
          ? context.posts.map((post) => ({ value: post.slug, label: post.title }))
          : node.options.map((option) => ({ value: option, label: words.choices[option] ?? option }))
      return (
        <div className="field">
          <label htmlFor={fieldId(node.name)} className="field-label">
            {name}
          </label>
          <select {...inputProps(node.name, error)} defaultValue={node.value}>
            {node.optional || node.kind === 'post' ? (
              <option value="">{node.kind === 'post' ? words.post.choose : '—'}</option>
            ) : null}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <FieldError name={node.name} error={error} />
        </div>
      )
    }
    default: {
      const long = node.kind === 'markdown' || (node.kind === 'text' && node.long)
      const placeholder = node.kind === 'text' ? node.placeholder : undefined
      // A video's file that may be left empty (a hero's): its poster picture shows instead.
      const hint = node.key === 'src' && node.optional ? words.image.videoOptional : undefined
      const described = {
        'aria-describedby':
          [error ? `${fieldId(node.name)}-error` : '', hint ? `${fieldId(node.name)}-hint` : '']
            .join(' ')
            .trim() || undefined,
      }
      return (
        <div className="field">
          {placeholder ? <input type="hidden" name={`${node.name}.@starter`} value={placeholder} /> : null}
          <label htmlFor={fieldId(node.name)} className="field-label">
            {name}
          </label>
          {long ? (
            <textarea
              {...inputProps(node.name, error)}
              {...described}
              rows={node.kind === 'markdown' ? 24 : 4}
              defaultValue={node.value}
              placeholder={placeholder}
              className={node.kind === 'markdown' ? 'field-input studio-markdown' : 'field-input'}
            />
          ) : (
            <input
              {...inputProps(node.name, error)}
              {...described}
              type="text"
              inputMode={node.kind === 'number' ? 'numeric' : undefined}
              defaultValue={node.value}
              placeholder={placeholder}
            />
          )}
          {hint ? (
            <p id={`${fieldId(node.name)}-hint`} className="field-hint">
              {hint}
            </p>
          ) : null}
          <FieldError name={node.name} error={error} />
        </div>
      )
    }
  }
}

function Group({
  node,
  label,
  context,
}: {
  node: Extract<FormNode, { kind: 'group' }>
  label: string
  context: FieldsContext
}) {
  return (
    <fieldset className="studio-group" id={fieldId(node.name)}>
      <legend className="studio-legend">{label}</legend>
      {node.optional ? (
        <label className="studio-check">
          <input type="checkbox" name={`${node.name}.@present`} value="yes" defaultChecked={node.present} />{' '}
          {context.words.include}
        </label>
      ) : null}
      {node.children.map((child) => (
        <Field key={child.name} node={child} context={context} />
      ))}
      <FieldError name={node.name} error={context.errors[node.name]} />
    </fieldset>
  )
}

/**
 * A field's path in words, from its part on: "Hero › Buttons › Button 1 › Label".
 *
 * @example pathLabel('home.hero.ctas.0.label', { 'home.hero': 'Hero' }, words) === 'Hero › Buttons › Button 1 › Label'
 */
export function pathLabel(path: string, roots: Record<string, string>, words: FieldWords): string {
  const root = Object.keys(roots)
    .filter((name) => path === name || path.startsWith(`${name}.`))
    .sort((a, b) => b.length - a.length)[0]
  const rest = root
    ? path
        .slice(root.length + 1)
        .split('.')
        .filter(Boolean)
    : path.split('.')
  const steps = rest
    .filter((key) => !key.startsWith('@'))
    .map((key, i, keys) =>
      // An item's list is the key before it, or the root's last (`home.layout.0` is "Section 1").
      /^\d+$/.test(key)
        ? `${itemOf(keys[i - 1] ?? root?.split('.').pop() ?? '', words)} ${Number(key) + 1}`
        : // A section's type, right after its place in the list, by the name the add menu gives it.
          (/^\d+$/.test(keys[i - 1] ?? '') && words.sections?.types[key]?.name) || labelOf(key, words),
    )
  return [...(root ? [roots[root]!] : []), ...steps].join(' › ')
}
