import { ChangesTable } from '../../components/admin/ChangesTable'
import { adminCopy } from '../../content/admin'
import type { FieldChange } from '../../lib/edition'

const copy = adminCopy.studio
const e = copy.editor

/**
 * What stops a save, above the editor's form: a draft someone else saved since (both shown, field by
 * field), and the fields the checks refused, each a link to its field.
 */
export function EditorProblems({
  stale,
  errors,
  label,
  target,
  keyWords,
}: {
  stale?: FieldChange[]
  errors: [path: string, message: string][]
  label: (path: string) => string
  target: (path: string) => string
  keyWords: (key: string) => string
}) {
  const errorList = errors
  return (
    <>
      {stale ? (
        <section className="notice notice-error studio-stale" aria-labelledby="stale-title">
          <h2 id="stale-title" className="notice-title">
            {copy.stale.title}
          </h2>
          <p>{copy.stale.text}</p>
          <ChangesTable
            caption={copy.stale.caption}
            columns={[copy.stale.field, copy.stale.theirs, copy.stale.yours]}
            changes={stale}
            label={label}
            keyWords={keyWords}
            empty={copy.history.empty}
            none={copy.history.nothing}
          />
        </section>
      ) : null}
      {errorList.length ? (
        <section className="notice notice-error" role="alert" aria-labelledby="errors-title">
          <h2 id="errors-title" className="notice-title">
            {e.errorsTitle}
          </h2>
          <p>{e.errorsText}</p>
          <ul className="studio-error-list">
            {errorList.map(([path, message]) => (
              <li key={path}>
                <a href={`#${target(path)}`}>{label(path)}</a>: {message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  )
}
