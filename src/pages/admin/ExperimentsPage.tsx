import { AdminSection } from '../../components/admin/AdminShell'
import { DataTable } from '../../components/admin/DataTable'
import { LabelledInput } from '../../components/admin/LabelledInput'
import { LabelledSelect } from '../../components/admin/LabelledSelect'
import { adminCopy } from '../../content/admin'
import { ADMIN_PATHS, utcText } from '../../lib/admin-links'
import type { PageModule } from '../../schemas/page-module'
import type { Experiment } from '../../schemas/experiments'
import { adminPage, readable, type AdminFrame } from './AdminFrame'

export { experimentPage, type ExperimentData } from './ExperimentPage'

const copy = adminCopy.experiments

export interface ExperimentsData extends AdminFrame {
  /** The newest experiments; null when they could not be read. */
  experiments: Experiment[] | null
  /** What an experiment can test: the value is the document's name. */
  documents: { value: string; label: string }[]
  /** Whether this role may make one (sales read the results only). */
  mayChange: boolean
  /** What the form keeps after a refusal. */
  kept?: { name: string; doc: string; split: string; share: string; lift: string }
  /** Whether versions are remembered with a cookie; undefined for a role that may not change it. */
  cookie?: boolean
}

export const experimentHref = (id: string) => `${ADMIN_PATHS.experiments}/${encodeURIComponent(id)}`

/** /admin/experiments: every experiment, newest first, and New experiment. */
export function experimentsPage({
  experiments,
  documents,
  mayChange,
  kept,
  cookie,
  ...frame
}: ExperimentsData): PageModule {
  const words = copy.create
  const nameOf = (doc: string) => documents.find((d) => d.value === doc)?.label ?? doc
  return adminPage(
    'experiments',
    copy,
    frame,
    <>
      <p className="field-hint">{copy.intro}</p>
      <AdminSection title={copy.list.caption}>
        {readable(experiments, (list) => (
          <DataTable
            caption={copy.list.caption}
            columns={[
              copy.list.name,
              copy.list.document,
              copy.list.status,
              copy.list.started,
              copy.list.arms,
            ]}
            rowHeader={0}
            stack
            empty={copy.list.none}
            rows={list.map((experiment) => ({
              key: experiment.id,
              cells: [
                <a key="name" href={experimentHref(experiment.id)}>
                  {experiment.name}
                </a>,
                nameOf(experiment.doc),
                copy.statuses[experiment.status],
                experiment.startedAt ? utcText(experiment.startedAt) : adminCopy.empty,
                String(experiment.arms.length),
              ],
            }))}
          />
        ))}
      </AdminSection>
      {mayChange ? (
        <AdminSection title={words.title} id="new-experiment">
          <p>{words.intro}</p>
          <form method="post" action={ADMIN_PATHS.experiments} className="studio-form">
            <div className="field">
              <LabelledInput
                id="experiment-name"
                name="name"
                label={words.name}
                hint={words.nameHint}
                defaultValue={kept?.name}
                required
                maxLength={100}
                autoComplete="off"
              />
            </div>
            <div className="field">
              <LabelledSelect
                id="experiment-doc"
                name="doc"
                label={words.document}
                options={documents}
                defaultValue={kept?.doc}
                required
              />
              <p className="field-hint">{words.documentHint}</p>
            </div>
            <div className="field">
              <LabelledSelect
                id="experiment-split"
                name="split"
                label={words.split}
                defaultValue={kept?.split ?? '50'}
                options={(['50', '80', '90'] as const).map((value) => ({ value, label: copy.splits[value] }))}
              />
            </div>
            <div className="field">
              <LabelledInput
                id="experiment-share"
                name="share"
                type="number"
                min={1}
                max={100}
                step={1}
                inputMode="numeric"
                label={words.share}
                hint={words.shareHint}
                defaultValue={kept?.share ?? '100'}
                required
              />
            </div>
            <div className="field">
              <LabelledInput
                id="experiment-lift"
                name="lift"
                type="number"
                min={1}
                max={500}
                step={1}
                inputMode="numeric"
                label={words.lift}
                hint={words.liftHint}
                defaultValue={kept?.lift ?? '25'}
                required
              />
            </div>
            <button type="submit" className="btn btn-primary">
              {words.submit}
            </button>
          </form>
        </AdminSection>
      ) : null}
      {cookie === undefined ? null : <CookieSetting on={cookie} />}
    </>,
  )
}

/** The site owner's choice: versions kept for the day with no cookie, or 30 days with one. */
function CookieSetting({ on }: { on: boolean }) {
  const words = copy.cookie
  return (
    <AdminSection title={words.title}>
      <p>{words.intro}</p>
      <p>
        <strong>{on ? words.isOn : words.isOff}</strong>
      </p>
      <form method="post" action={`${ADMIN_PATHS.experiments}/cookie`} className="studio-form">
        <label className="studio-check">
          <input
            type="checkbox"
            name="cookie"
            value="on"
            defaultChecked={on}
            aria-describedby="experiment-cookie-hint"
          />{' '}
          {words.label}
        </label>
        <p id="experiment-cookie-hint" className="field-hint">
          {words.hint}
        </p>
        <button type="submit" className="btn btn-secondary">
          {words.submit}
        </button>
      </form>
    </AdminSection>
  )
}
