import { AdminSection } from '../../components/admin/AdminShell'
import { DataTable } from '../../components/admin/DataTable'
import { ExperimentChart } from '../../components/admin/ExperimentChart'
import { ExperimentResultsTable } from '../../components/admin/ExperimentResultsTable'
import { ConfirmLive, Verb } from '../../components/admin/ExperimentVerbs'
import { Notice } from '../../components/ui/Notice'
import { adminCopy } from '../../content/admin'
import { ADMIN_PATHS, documentHref, utcText } from '../../lib/admin-links'
import { fillTemplate } from '../../lib/template'
import type { Experiment, ExperimentPlan, ExperimentResults } from '../../schemas/experiments'
import { MAX_ARMS } from '../../schemas/experiments'
import type { PageModule } from '../../schemas/page-module'
import type { SpeedPair } from '../../schemas/speed'
import { adminPage, factList, readable, type AdminFrame } from './AdminFrame'

const copy = adminCopy.experiments
const words = copy.detail

export interface ExperimentData extends AdminFrame {
  experiment: Experiment
  /** The tested document's name as the studio lists it. */
  documentName: string
  /** Once started; null when they could not be read. */
  results: ExperimentResults | null
  /** Before the start; null when the traffic could not be read. */
  plan: ExperimentPlan | null
  /** Each version's p75 loading and response from real visitors; null when they could not be read. */
  speed?: SpeedPair[] | null
  mayChange: boolean
  /** The arm whose Make live waits for a confirmation, while its verdict is not clear. */
  confirmArm?: number
}

const percent = (share: number) => `${Math.round(share * 100)} %`
const base = (e: Experiment) => `${ADMIN_PATHS.experiments}/${encodeURIComponent(e.id)}`

function Plan({ plan }: { plan: ExperimentPlan | null }) {
  return readable(plan, (p) => {
    // A rate outside 0–100 % (more leads than counted visitors) or a page with no visitors gives no
    // estimate: the page says so in words, never NaN or Infinity.
    const rateKnown = Number.isFinite(p.rate) && p.rate >= 0 && p.rate <= 1
    const weeks =
      p.weeks !== null
        ? fillTemplate(words.plan.weeks, { weeks: p.weeks.toLocaleString('en-US') })
        : p.dailyVisitors > 0 || !Number.isFinite(p.dailyVisitors)
          ? words.plan.notEnough
          : words.plan.noTraffic
    return factList([
      [words.plan.rate, rateKnown ? `${(p.rate * 100).toFixed(2)} %` : words.plan.notEnough],
      [
        words.plan.daily,
        Number.isFinite(p.dailyVisitors) ? Math.round(p.dailyVisitors).toLocaleString('en-US') : '—',
      ],
      [
        words.plan.perArm,
        p.visitorsPerArm === null ? words.plan.notEnough : p.visitorsPerArm.toLocaleString('en-US'),
      ],
      [copy.detail.plan.title, weeks],
    ])
  })
}

interface ResultsProps {
  experiment: Experiment
  results: ExperimentResults | null
  speed?: SpeedPair[] | null
}

function Results({ experiment, results, speed }: ResultsProps) {
  const r = copy.results
  return readable(results, (found) =>
    found.days.length === 0 ? (
      <p>{r.none}</p>
    ) : (
      <>
        {found.alarm ? (
          <Notice
            ok={false}
            title={r.alarm.title}
            text={fillTemplate(r.alarm.text, { p: found.splitP.toPrecision(2) })}
          />
        ) : null}
        <ExperimentResultsTable
          arms={found.arms}
          alarm={found.alarm}
          copy={r}
          empty={adminCopy.empty}
          speed={speed ?? undefined}
          speedWords={adminCopy.speed}
        />
        <p className="field-hint">{r.how}</p>
        <ExperimentChart perDay={found.perDay} arms={experiment.arms.map((arm) => arm.name)} copy={r.chart} />
        <p>
          <a href={`${base(experiment)}/results.csv`}>{r.csv}</a>
        </p>
      </>
    ),
  )
}

/** /admin/experiments/<id>: its versions, then its plan (before the start) or its results, and its verbs. */
export function experimentPage({
  experiment,
  documentName,
  results,
  plan,
  speed,
  mayChange,
  confirmArm,
  ...frame
}: ExperimentData): PageModule {
  const total = experiment.arms.reduce((n, arm) => n + arm.weight, 0)
  const { status } = experiment
  const promotedArm = experiment.promoted === null ? null : experiment.arms[experiment.promoted]
  return adminPage(
    'experiments',
    { ...words, heading: experiment.name },
    frame,
    <>
      <p>
        <a href={ADMIN_PATHS.experiments}>{words.back}</a>
      </p>
      <AdminSection title={words.about}>
        {factList([
          [
            words.facts.document,
            mayChange ? <a href={documentHref(experiment.doc)}>{documentName}</a> : documentName,
          ],
          [words.facts.status, copy.statuses[status]],
          [words.facts.share, percent(experiment.share)],
          [words.facts.lift, percent(experiment.minLift)],
          [words.facts.made, `${utcText(experiment.at)} · ${experiment.by}`],
          [words.facts.started, experiment.startedAt && utcText(experiment.startedAt)],
          [words.facts.stopped, experiment.stoppedAt && utcText(experiment.stoppedAt)],
          [words.facts.promoted, promotedArm?.name],
        ])}
      </AdminSection>
      <AdminSection title={words.arms.caption}>
        <p className="field-hint">{words.arms.control}</p>
        <DataTable
          caption={words.arms.caption}
          columns={[words.arms.arm, words.arms.weight, words.arms.shows, words.arms.see]}
          rowHeader={0}
          stack
          rows={experiment.arms.map((arm) => ({
            key: arm.name,
            cells: [
              arm.name,
              percent(arm.weight / total),
              arm.edition ? words.arms.draft : words.arms.live,
              <a href={`${base(experiment)}/versions/${encodeURIComponent(arm.name)}/preview`}>
                {fillTemplate(words.versionPreview.link, { arm: arm.name })}
              </a>,
            ],
          }))}
        />
        {mayChange && status === 'draft' && experiment.arms.length < MAX_ARMS ? (
          <Verb to={`${base(experiment)}/arms`} label={words.addArm} hint={words.addArmHint} />
        ) : null}
      </AdminSection>
      {status === 'draft' ? (
        <AdminSection title={words.plan.title}>
          <Plan plan={plan} />
          <p className="field-hint">{words.plan.floor}</p>
          {mayChange ? (
            <Verb to={`${base(experiment)}/start`} label={words.start} hint={words.startHint} primary />
          ) : null}
        </AdminSection>
      ) : (
        <AdminSection title={copy.results.title}>
          <Results experiment={experiment} results={results} speed={speed} />
          {mayChange && status === 'running' && confirmArm !== undefined && experiment.arms[confirmArm] ? (
            <ConfirmLive
              to={`${base(experiment)}/promote`}
              back={base(experiment)}
              arm={confirmArm}
              name={experiment.arms[confirmArm].name}
              words={words.confirmLive}
            />
          ) : null}
          {mayChange && status === 'running' && confirmArm === undefined ? (
            <div className="experiment-actions">
              {experiment.arms.slice(1).map((arm, i) => (
                <Verb
                  key={arm.name}
                  to={`${base(experiment)}/promote`}
                  arm={i + 1}
                  label={fillTemplate(words.promote, { arm: arm.name })}
                  hint={i === 0 ? words.promoteHint : undefined}
                  primary
                />
              ))}
              <Verb to={`${base(experiment)}/stop`} label={words.stop} hint={words.stopHint} />
            </div>
          ) : null}
        </AdminSection>
      )}
    </>,
  )
}
