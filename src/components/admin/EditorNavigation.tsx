import type { FormNode } from '../../lib/schema-form'
import { usePageState } from '../RenderContext'
import { fieldId, sectionName, type FieldWords } from './StudioInputs'

/** The id of a part's fieldset, which the outline links to. */
export const partId = (name: string) => `part-${name.replace(/[^\w-]/g, '-')}`

/** A part's list of sections (a list whose items are typed sections), if it has one. */
function sectionsOf(node: FormNode): Extract<FormNode, { kind: 'list' }> | undefined {
  if (node.kind === 'list' && node.kinds) return node
  if (node.kind !== 'group') return undefined
  return node.children.find((child): child is Extract<FormNode, { kind: 'list' }> =>
    Boolean(child.kind === 'list' && child.kinds),
  )
}

/**
 * The outline at the top of a long editor: a link to each part and to each section, named as the
 * section's folded heading is ("Section 3: Quote"). Plain links: without JavaScript they jump to the
 * folded heading; client/console-tools.ts opens it too. None for a form of one part and no sections.
 */
export function EditorOutline({
  roots,
  fieldWords,
  words,
}: {
  roots: { node: FormNode; label: string }[]
  fieldWords: FieldWords
  /** The outline's heading, its line, and what its list of sections is called. */
  words: { title: string; hint: string; sections: string }
}) {
  const parts = roots.map(({ node, label }) => {
    const list = sectionsOf(node)
    const item = (list && fieldWords.items[list.key]) ?? fieldWords.item
    const sections = (list?.items ?? []).map((child, i) => {
      const type = sectionName(child, fieldWords)
      return { id: fieldId(child.name), label: `${item} ${i + 1}: ${type}` }
    })
    return { id: partId(node.name), label, sections }
  })
  if (parts.length < 2 && !parts.some((part) => part.sections.length)) return null
  return (
    <nav className="studio-outline" id="studio-outline" aria-labelledby="studio-outline-title">
      <h2 id="studio-outline-title" className="studio-outline-title">
        {words.title}
      </h2>
      {parts.some((part) => part.sections.length) ? <p className="field-hint">{words.hint}</p> : null}
      <ul className="studio-outline-parts">
        {parts.map((part) => (
          <li key={part.id}>
            <a href={`#${part.id}`} className="text-link">
              {part.label}
            </a>
            {part.sections.length ? (
              <ol className="studio-outline-sections" aria-label={`${part.label}: ${words.sections}`}>
                {part.sections.map((section) => (
                  <li key={section.id}>
                    <a href={`#${section.id}`} className="text-link">
                      {section.label}
                    </a>
                  </li>
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  )
}

/**
 * The sticky bar of Save draft, Preview and Publish: outside the form, its buttons submit it by
 * the `form` attribute (no JavaScript), so Save is never more than a screen away on a phone. The
 * first submit button of the form in the page's order, so Enter in a field saves the draft. It also
 * loads the warning before leaving with unsaved edits (client/console-tools.ts).
 */
export function StudioBar({
  form,
  onlySave,
  words,
}: {
  form: string
  onlySave?: boolean
  words: { label: string; save: string; preview: string; publish: string; parts: string }
}) {
  usePageState().needs.add('tools')
  return (
    <div className="studio-bar" role="group" aria-label={words.label}>
      <button type="submit" form={form} name="_op" value="save" className="btn btn-secondary btn-sm">
        {words.save}
      </button>
      {onlySave ? null : (
        <>
          <button type="submit" form={form} name="_op" value="preview" className="btn btn-secondary btn-sm">
            {words.preview}
          </button>
          <button type="submit" form={form} name="_op" value="publish" className="btn btn-primary btn-sm">
            {words.publish}
          </button>
        </>
      )}
      <a href="#studio-top" className="text-link studio-bar-top">
        {words.parts}
      </a>
    </div>
  )
}
