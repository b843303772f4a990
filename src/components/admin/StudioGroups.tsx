import type { ReactNode } from 'react'
import { focusOf, type ListVerb } from '../../lib/list-focus'
import type { FormNode } from '../../lib/schema-form'
import { FieldError, fieldId, humanize, inputProps, sectionName, type FieldsContext } from './StudioInputs'

/** Draws a field (SchemaFields' own, handed in: a list's items are fields of any kind). */
type DrawField = (node: FormNode, context: FieldsContext, label?: string) => ReactNode

/**
 * A submit button that applies a list operation and comes back to what it acted on (lib/list-focus.ts):
 * `target` is the item's path (or the list's, for Add), `count` the list's length.
 */
function ListButton({
  verb,
  target,
  kind,
  count,
  context,
  children,
}: {
  verb: ListVerb
  target: string
  kind?: string
  count: number
  context: FieldsContext
  children: ReactNode
}) {
  const [list, index] =
    verb === 'add' ? [target, -1] : [target.replace(/\.\d+$/, ''), Number(target.split('.').pop())]
  return (
    <button
      type="submit"
      name="_op"
      value={`${verb}:${target}${kind ? `:${kind}` : ''}`}
      formAction={`${context.action}#${fieldId(focusOf(verb, list, index, count))}`}
      className="btn btn-secondary btn-sm"
    >
      {children}
    </button>
  )
}

export function List({
  node,
  label,
  context,
  field,
  item,
}: {
  node: Extract<FormNode, { kind: 'list' }>
  label: string
  context: FieldsContext
  field: DrawField
  /** What one item is called. */
  item: string
}) {
  const { words } = context
  const count = node.items.length
  return (
    <fieldset className="studio-list" id={fieldId(node.name)}>
      <legend className="studio-legend">{label}</legend>
      <input type="hidden" name={`${node.name}.@count`} value={count} />
      <FieldError name={node.name} error={context.errors[node.name]} />
      <ol className="studio-items">
        {node.items.map((child, i) => {
          const itemLabel = `${item} ${i + 1}`
          return (
            <li key={child.name} className="studio-item">
              {field(child, context, itemLabel)}
              <div className="studio-item-actions">
                {node.kinds && count < node.max ? (
                  <ListButton verb="copy" target={child.name} count={count} context={context}>
                    {words.sections?.duplicate} <span className="sr-only">{itemLabel}</span>
                  </ListButton>
                ) : null}
                {i > 0 ? (
                  <ListButton verb="up" target={child.name} count={count} context={context}>
                    {words.list.up} <span className="sr-only">{itemLabel}</span>
                  </ListButton>
                ) : null}
                {i < count - 1 ? (
                  <ListButton verb="down" target={child.name} count={count} context={context}>
                    {words.list.down} <span className="sr-only">{itemLabel}</span>
                  </ListButton>
                ) : null}
                {count > node.min ? (
                  <ListButton verb="remove" target={child.name} count={count} context={context}>
                    {words.list.remove} <span className="sr-only">{itemLabel}</span>
                  </ListButton>
                ) : null}
              </div>
            </li>
          )
        })}
      </ol>
      {count < node.max && node.kinds ? <SectionMenu node={node} context={context} /> : null}
      {count < node.max && !node.kinds ? (
        <ListButton verb="add" target={node.name} count={count} context={context}>
          {words.list.add} <span className="sr-only">{`${label}:`}</span> {item.toLowerCase()}
        </ListButton>
      ) : null}
    </fieldset>
  )
}

/** Add a section: one button per type, each with its line, in a disclosure (no JavaScript needed). */
function SectionMenu({
  node,
  context,
}: {
  node: Extract<FormNode, { kind: 'list' }>
  context: FieldsContext
}) {
  const words = context.words.sections
  return (
    <details className="studio-add-section">
      <summary className="btn btn-secondary btn-sm">{words?.add}</summary>
      <p className="field-hint">{words?.addHint}</p>
      <ul className="studio-section-types">
        {(node.kinds ?? []).map((kind) => (
          <li key={kind}>
            <ListButton verb="add" target={node.name} kind={kind} count={node.items.length} context={context}>
              {words?.types[kind]?.name ?? humanize(kind)}
            </ListButton>{' '}
            <span className="field-hint">{words?.types[kind]?.line}</span>
          </li>
        ))}
      </ul>
    </details>
  )
}

/**
 * A section of a page: its type named, only its fields, folded (a long page stays easy to move
 * through: the editor's outline jumps to each). Open when it holds what the last list button acted
 * on or a field with an error (context.open).
 */
function FixedVariant({
  node,
  label,
  context,
  field,
}: {
  node: Extract<FormNode, { kind: 'variant' }>
  label: string
  context: FieldsContext
  field: DrawField
}) {
  const choice = node.choices.find((candidate) => candidate.key === node.chosen)
  const type = sectionName(node, context.words)
  return (
    <details className="studio-section" id={fieldId(node.name)} open={context.open?.(node.name) ?? false}>
      <summary className="studio-legend">{`${label}: ${type}`}</summary>
      <input type="hidden" name={`${node.name}.@kind`} value={node.chosen} />
      {choice?.fields.map((chosen) =>
        chosen.kind === 'group'
          ? chosen.children.map((child) => field(child, context))
          : field(chosen, context),
      )}
    </details>
  )
}

export function Variant({
  node,
  label,
  context,
  field,
}: {
  node: Extract<FormNode, { kind: 'variant' }>
  label: string
  context: FieldsContext
  field: DrawField
}) {
  if (node.fixed) return <FixedVariant node={node} label={label} context={context} field={field} />
  const { words, errors } = context
  const kindName = `${node.name}.@kind`
  const first = node.choices[0]?.key
  return (
    <fieldset className="studio-group" id={fieldId(node.name)}>
      <legend className="studio-legend">{label}</legend>
      {node.shared.map((child) => field(child, context))}
      <div className="field">
        <label htmlFor={fieldId(kindName)} className="field-label">
          {words.variant[`label:${first}`] ?? words.variant.label}
        </label>
        <select {...inputProps(kindName, errors[node.name])} defaultValue={node.chosen}>
          {node.optional ? <option value="">{words.variant.none}</option> : null}
          {node.choices.map((choice) => (
            <option key={choice.key} value={choice.key}>
              {words.variant[choice.key] ?? humanize(choice.key)}
            </option>
          ))}
        </select>
        <p className="field-hint">{words.variant[`hint:${first}`] ?? words.variant.hint}</p>
        <FieldError name={kindName} error={errors[node.name]} />
      </div>
      {node.choices.flatMap((choice) =>
        choice.fields
          .filter((field) => field.kind !== 'fixed')
          .map((chosen) => field(chosen, context, words.variant[choice.key] ?? humanize(chosen.key))),
      )}
    </fieldset>
  )
}
