/**
 * The experiments' console pages as the routes show them (routes/admin/experiments.ts): the list
 * with New experiment, one experiment with its plan or results, a refusal in words with its status,
 * and the documents an experiment can test.
 */
import type { Context } from 'hono'
import { adminCopy } from '../../../content/admin'
import { EDITABLE_DOCUMENTS } from '../../../content/documents'
import { documentOf } from '../../../lib/document-kinds'
import type { Result } from '../../../lib/result'
import { fillTemplate } from '../../../lib/template'
import { experimentPage, experimentsPage, type ExperimentsData } from '../../../pages/admin/ExperimentsPage'
import type { ExperimentRefusal } from '../../../schemas/admin-outcomes'
import type { Experiment } from '../../../schemas/experiments'
import type { AppEnv } from '../../app-env'
import { adminFrame, mayDo, valueOrNull } from '../../people/http'
import { armSpeedFigures } from '../../traffic/http'

type Ctx = Context<AppEnv>
const copy = adminCopy.experiments
const { made, armAdded, started, stopped, promoted, cookieOn, cookieOff } = copy.notices
export const NOTICES = { made, armAdded, started, stopped, promoted, cookieOn, cookieOff }

export const field = (form: Record<string, unknown>, name: string) =>
  typeof form[name] === 'string' ? (form[name] as string) : ''

const languages = adminCopy.translations.languages as Record<string, string>

/**
 * The documents an experiment can test: the studio's parts of the copy, posts and landing pages,
 * then their editions in other locales visitors see now, each named by its English one and its
 * language ("Home: hero (German)").
 */
async function documentChoices(c: Ctx) {
  const {
    posts: postList,
    landingPages: pageList,
    editions,
  } = await c.var.services.experiments.desk.testable()
  const english = [
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
  const inLocales = editions.map(({ doc, source, code }) => ({
    value: doc,
    label: fillTemplate(copy.create.edition, {
      name: english.find((choice) => choice.value === source)?.label ?? source,
      language: languages[code] ?? code,
    }),
  }))
  return [...english, ...inLocales]
}

/** The refusals of a state that changed (409), not of what was typed (400). */
const CONFLICTS = 'busy not-draft not-running no-draft same-as-arm arm-invalid arm-broken'

/** A refusal as the page shows it, with its status: 409 for a state that changed, 400 for what was typed. */
export function refusalOf(result: Result<unknown, ExperimentRefusal>) {
  if (result.ok) return null
  const code = result.error.code
  if (!code) return { notice: copy.notices.failed, status: 503 }
  const conflict = CONFLICTS.split(' ').includes(code)
  return {
    notice: { ok: false, title: copy.notices.refused, text: copy.refusals[code] },
    status: conflict ? 409 : 400,
  }
}

export async function showList(c: Ctx, extra: Partial<ExperimentsData> = {}, status = 200) {
  const { desk, edge } = c.var.services.experiments
  const [frame, list, documents, cookie] = await Promise.all([
    adminFrame(c, NOTICES),
    desk.list(),
    documentChoices(c),
    edge.cookieOn(),
  ])
  const data = {
    ...frame,
    experiments: valueOrNull(list, 'experiments'),
    documents,
    mayChange: mayDo(c, 'experiment-actions'),
    // Only the people who may change it see the setting.
    cookie: mayDo(c, 'experiment-cookie') ? cookie : undefined,
    // "Test this draft" in the editor opens New experiment with its document chosen.
    kept: documents.some((d) => d.value === c.req.query('doc'))
      ? { name: '', doc: c.req.query('doc')!, split: '50', share: '100', lift: '25' }
      : undefined,
    ...extra,
  }
  return c.render(experimentsPage(data), { status })
}

export async function showOne(
  c: Ctx,
  experiment: Experiment,
  refusal?: ReturnType<typeof refusalOf>,
  confirmArm?: number,
) {
  const { desk } = c.var.services.experiments
  const draft = experiment.status === 'draft'
  const [frame, results, plan, speed] = await Promise.all([
    adminFrame(c, NOTICES),
    draft ? null : desk.results(experiment),
    draft ? desk.plan(experiment) : null,
    draft ? null : armSpeedFigures(c, experiment),
  ])
  const documents = await documentChoices(c)
  const data = {
    ...frame,
    notice: refusal?.notice ?? frame.notice,
    experiment,
    documentName: documents.find((d) => d.value === experiment.doc)?.label ?? experiment.doc,
    results: results && valueOrNull(results, 'experiment results'),
    speed: speed && valueOrNull(speed, 'experiment speed'),
    plan,
    mayChange: mayDo(c, 'experiment-actions'),
    confirmArm,
  }
  return c.render(experimentPage(data), { status: refusal?.status ?? 200 })
}

/** The experiment named in the address, or the 404 page's answer. */
export async function found(c: Ctx): Promise<Experiment | Response> {
  const read = await c.var.services.experiments.desk.find(c.req.param('id') ?? '')
  if (!read.ok) return showList(c, { notice: copy.notices.failed }, 503)
  return read.value ?? c.notFound()
}
