/**
 * /admin/experiments: the list and New experiment (admins and editors make them), one experiment's
 * versions, plan and results (sales read them too), its CSV, and Start, Stop, Add a version and
 * Make live. Plain forms, so it works without JavaScript; a refusal is shown in words on the page
 * it came from. The rules are studio/services/experiment-desk.ts's.
 */
import { Hono, type Context } from 'hono'
import { adminCopy } from '../../../../content/admin'
import { EDITABLE_DOCUMENTS } from '../../../../content/documents'
import { ADMIN_PATHS } from '../../../../lib/admin-links'
import { documentOf } from '../../../../lib/document-kinds'
import type { Result } from '../../../../lib/result'
import { fillTemplate } from '../../../../lib/template'
import {
  experimentPage,
  experimentsPage,
  type ExperimentsData,
} from '../../../../pages/admin/ExperimentsPage'
import type { ExperimentRefusal } from '../../../../schemas/admin-outcomes'
import type { Experiment } from '../../../../schemas/experiments'
import type { AppEnv } from '../../../app-env'
import { recordActivity, allow, adminFrame, adminName, backWith, valueOrNull } from '../../../people/http'
import { pageWeigher } from '../../render/page-weight'
import { renderPage } from '../../../platform/http'
import { resultsCsv } from '../../services/experiment-results'

type Ctx = Context<AppEnv>
const copy = adminCopy.experiments
const { made, armAdded, started, stopped, promoted, cookieOn, cookieOff } = copy.notices
const NOTICES = { made, armAdded, started, stopped, promoted, cookieOn, cookieOff }
const hrefOf = (id: string) => `${ADMIN_PATHS.experiments}/${encodeURIComponent(id)}`

const field = (form: Record<string, unknown>, name: string) =>
  typeof form[name] === 'string' ? (form[name] as string) : ''

/** The documents an experiment can test: the studio's parts of the copy, posts and landing pages. */
async function documentChoices(c: Ctx) {
  const { posts, landingPages } = c.var.services.studio
  const [postList, pageList] = await Promise.all([posts.list(), landingPages.list()])
  return [
    ...EDITABLE_DOCUMENTS.map((document) => ({
      value: document.id as string,
      label: adminCopy.studio.documents[document.id].title,
    })),
    ...(valueOrNull(pageList, 'landing pages') ?? []).map((page) => ({
      value: documentOf('page', page.slug),
      label: fillTemplate(copy.create.page, { title: page.title }),
    })),
    ...(valueOrNull(postList, 'posts') ?? []).map((post) => ({
      value: documentOf('post', post.slug),
      label: fillTemplate(copy.create.post, { title: post.title }),
    })),
  ]
}

/** The refusals of a state that changed (409), not of what was typed (400). */
const CONFLICTS = 'busy not-draft not-running no-draft same-as-arm arm-invalid arm-broken'

/** A refusal as the page shows it, with its status: 409 for a state that changed, 400 for what was typed. */
function refusalOf(result: Result<unknown, ExperimentRefusal>) {
  if (result.ok) return null
  const code = result.error.code
  if (!code) return { notice: copy.notices.failed, status: 503 }
  const conflict = CONFLICTS.split(' ').includes(code)
  return {
    notice: { ok: false, title: copy.notices.refused, text: copy.refusals[code] },
    status: conflict ? 409 : 400,
  }
}

async function showList(c: Ctx, extra: Partial<ExperimentsData> = {}, status = 200) {
  const { experimentDesk, experiments } = c.var.services.studio
  const { access } = c.var.services.people
  const [frame, list, documents, cookie] = await Promise.all([
    adminFrame(c, NOTICES),
    experimentDesk.list(),
    documentChoices(c),
    experiments.cookieOn(),
  ])
  const data = {
    ...frame,
    experiments: valueOrNull(list, 'experiments'),
    documents,
    mayChange: access.may(c.var.admin!, 'experiment-actions'),
    // Only the people who may change it see the setting.
    cookie: access.may(c.var.admin!, 'experiment-cookie') ? cookie : undefined,
    ...extra,
  }
  return renderPage(c, experimentsPage(data), { status })
}

async function showOne(c: Ctx, experiment: Experiment, refusal?: ReturnType<typeof refusalOf>) {
  const desk = c.var.services.studio.experimentDesk
  const [frame, results, plan] = await Promise.all([
    adminFrame(c, NOTICES),
    experiment.status === 'draft' ? null : desk.results(experiment),
    experiment.status === 'draft' ? desk.plan(experiment) : null,
  ])
  const documents = await documentChoices(c)
  const data = {
    ...frame,
    notice: refusal?.notice ?? frame.notice,
    experiment,
    documentName: documents.find((d) => d.value === experiment.doc)?.label ?? experiment.doc,
    results: results && valueOrNull(results, 'experiment results'),
    plan,
    mayChange: c.var.services.people.access.may(c.var.admin!, 'experiment-actions'),
  }
  return renderPage(c, experimentPage(data), { status: refusal?.status ?? 200 })
}

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
  const made = await c.var.services.studio.experimentDesk.create(input, adminName(c))
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
  const saved = await c.var.services.studio.experimentDesk.setCookie(on)
  if (!saved.ok) return showList(c, { notice: copy.notices.failed }, 503)
  await recordActivity(c, 'experiment-cookie-changed', { detail: on ? 'on' : 'off' })
  return backWith(c, ADMIN_PATHS.experiments, on ? 'cookieOn' : 'cookieOff')
})

/** The experiment named in the address, or the 404 page's answer. */
async function found(c: Ctx): Promise<Experiment | Response> {
  const read = await c.var.services.studio.experimentDesk.find(c.req.param('id') ?? '')
  if (!read.ok) return showList(c, { notice: copy.notices.failed }, 503)
  return read.value ?? c.notFound()
}

adminExperiments.get('/:id', async (c) => {
  const experiment = await found(c)
  return experiment instanceof Response ? experiment : showOne(c, experiment)
})

adminExperiments.get('/:id/results.csv', async (c) => {
  const experiment = await found(c)
  if (experiment instanceof Response) return experiment
  const results = await c.var.services.studio.experimentDesk.results(experiment)
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
  verb((c, e) => c.var.services.studio.experimentDesk.addArm(e), 'armAdded'),
)
adminExperiments.post(
  '/:id/start',
  verb(
    (c, e) => c.var.services.studio.experimentDesk.start(e, pageWeigher(c)),
    'started',
    'experiment-started',
  ),
)
adminExperiments.post(
  '/:id/stop',
  verb((c, e) => c.var.services.studio.experimentDesk.stop(e), 'stopped', 'experiment-stopped'),
)
adminExperiments.post(
  '/:id/promote',
  verb(
    (c, e, form) => {
      const arm = Number(field(form, 'arm'))
      return c.var.services.studio.experimentDesk.promote(e, arm, adminName(c), pageWeigher(c))
    },
    'promoted',
    'experiment-promoted',
  ),
)
