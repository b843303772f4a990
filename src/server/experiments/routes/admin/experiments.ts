/**
 * /admin/experiments: the list and New experiment (admins and editors make them), one experiment's
 * versions, plan and results (sales read them too), its CSV, and Start, Stop, Add a version and
 * Make live. Plain forms, so it works without JavaScript; a refusal is shown in words on the page
 * it came from (render/experiment-pages.ts). The rules are experiments/services/experiment-desk.ts's.
 */
import { Hono, type Context } from 'hono'
import { adminCopy } from '../../../../content/admin'
import { ADMIN_PATHS } from '../../../../lib/admin-links'
import type { Result } from '../../../../lib/result'
import type { ExperimentRefusal } from '../../../../schemas/admin-outcomes'
import type { Experiment } from '../../../../schemas/experiments'
import type { AppEnv } from '../../../app-env'
import { recordActivity, allow, adminName, backWith } from '../../../people/http'
import { pageWeigher } from '../../../studio/http'
import { field, found, NOTICES, refusalOf, showList, showOne } from '../../render/experiment-pages'
import { resultsCsv } from '../../services/experiment-results'

type Ctx = Context<AppEnv>
const copy = adminCopy.experiments
const hrefOf = (id: string) => `${ADMIN_PATHS.experiments}/${encodeURIComponent(id)}`

export const adminExperiments = new Hono<AppEnv>()

adminExperiments.use('*', allow('experiments'))
adminExperiments.post('*', allow('experiment-actions'))

adminExperiments.get('/', (c) => showList(c))

adminExperiments.post('/', async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const input = {
    name: field(form, 'name'),
    doc: field(form, 'doc'),
    split: field(form, 'split'),
    share: Number(field(form, 'share') || '100'),
    minLift: Number(field(form, 'lift') || '25'),
  }
  const made = await c.var.services.experiments.desk.create(input, adminName(c))
  if (!made.ok) {
    const refusal = refusalOf(made)!
    return showList(
      c,
      { notice: refusal.notice, kept: { ...input, share: String(input.share), lift: String(input.minLift) } },
      refusal.status,
    )
  }
  await recordActivity(c, 'experiment-made', {
    subject: made.value.id,
    detail: `${made.value.name} (${made.value.doc})`,
  })
  return backWith(c, hrefOf(made.value.id), 'made')
})

adminExperiments.post('/cookie', allow('experiment-cookie'), async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const on = field(form, 'cookie') === 'on'
  const saved = await c.var.services.experiments.desk.setCookie(on)
  if (!saved.ok) return showList(c, { notice: copy.notices.failed }, 503)
  await recordActivity(c, 'experiment-cookie-changed', { detail: on ? 'on' : 'off' })
  return backWith(c, ADMIN_PATHS.experiments, on ? 'cookieOn' : 'cookieOff')
})

adminExperiments.get('/:id', async (c) => {
  const experiment = await found(c)
  return experiment instanceof Response ? experiment : showOne(c, experiment)
})

adminExperiments.get('/:id/results.csv', async (c) => {
  const experiment = await found(c)
  if (experiment instanceof Response) return experiment
  const results = await c.var.services.experiments.desk.results(experiment)
  if (!results.ok) return c.text(copy.notices.failed.text, 503)
  await recordActivity(c, 'experiment-exported', { subject: experiment.id })
  return c.body(resultsCsv(experiment, results.value), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="experiment-${experiment.id}.csv"`,
  })
})

/** A verb on one experiment: done, logged and back to its page, or refused there in words. */
function verb(
  run: (
    c: Ctx,
    experiment: Experiment,
    form: Record<string, unknown>,
  ) => Promise<Result<unknown, ExperimentRefusal>>,
  notice: keyof typeof NOTICES,
  action?: 'experiment-started' | 'experiment-stopped' | 'experiment-promoted',
) {
  return async (c: Ctx) => {
    const experiment = await found(c)
    if (experiment instanceof Response) return experiment
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const done = await run(c, experiment, form)
    if (!done.ok) return showOne(c, experiment, refusalOf(done))
    if (action)
      await recordActivity(c, action, {
        subject: experiment.id,
        detail: `${experiment.name} (${experiment.doc})`,
      })
    return backWith(c, hrefOf(experiment.id), notice)
  }
}

adminExperiments.post(
  '/:id/arms',
  verb((c, e) => c.var.services.experiments.desk.addArm(e), 'armAdded'),
)
adminExperiments.post(
  '/:id/start',
  verb((c, e) => c.var.services.experiments.desk.start(e, pageWeigher(c)), 'started', 'experiment-started'),
)
adminExperiments.post(
  '/:id/stop',
  verb((c, e) => c.var.services.experiments.desk.stop(e), 'stopped', 'experiment-stopped'),
)
const promote = verb(
  (c, e, form) => {
    const arm = Number(field(form, 'arm'))
    return c.var.services.experiments.desk.promote(e, arm, adminName(c), pageWeigher(c))
  },
  'promoted',
  'experiment-promoted',
)

/** True when the arm's verdict is not an answer yet (or the split's alarm rings): Make live asks first. */
async function unclear(c: Ctx, experiment: Experiment, arm: number) {
  const results = await c.var.services.experiments.desk.results(experiment)
  if (!results.ok) return true
  const versus = results.value.arms[arm]?.versus
  return results.value.alarm || !versus || versus.call === 'unsure'
}

// While the verdict is "Not clear yet", Make live shows a confirmation first (a plain form, so it
// works without JavaScript); the confirmed post makes it live.
adminExperiments.post('/:id/promote', async (c) => {
  // Hono keeps the parsed body, so the verb below reads the same form again.
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const arm = Number(field(form, 'arm'))
  if (field(form, 'confirmed') !== 'yes') {
    const experiment = await found(c)
    if (experiment instanceof Response) return experiment
    if (experiment.status === 'running' && experiment.arms[arm] && (await unclear(c, experiment, arm)))
      return showOne(c, experiment, undefined, arm)
  }
  return promote(c)
})
