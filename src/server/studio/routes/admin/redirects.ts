/**
 * /admin/redirects (admins and editors): add or change a rule, delete one, and the list a page at
 * a time by old address. Plain forms, so it works without JavaScript; a refusal is shown on the
 * page at once, in words, with what was typed kept, and a chain comes with the one-hop rule to
 * save instead. The checks are studio/services/redirects.ts's.
 */
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { adminCopy } from '../../../../content/admin'
import { ADMIN_PATHS } from '../../../../lib/admin-links'
import type { RuleProblem } from '../../../../lib/redirect-rules'
import { fillTemplate } from '../../../../lib/template'
import { pagePaths } from '../../../../pages/page-table'
import { redirectsPage, type RedirectsData } from '../../../../pages/admin/RedirectsPage'
import type { RedirectRefusal } from '../../../../schemas/admin-outcomes'
import type { AppEnv } from '../../../app-env'
import { recordActivity, allow, adminFrame, adminName, backWith, valueOrNull } from '../../../people/http'
import { trafficStore } from '../../../traffic/http'
import { IMPORT_LIMIT, planImport, redirectsCsv } from '../../services/redirect-import'

type Ctx = Context<AppEnv>
const copy = adminCopy.redirects
const { saved, repointed, deleted, gone, ignored, imported } = copy.notices
const NOTICES = { saved, repointed, deleted, gone, ignored, imported }
const PAGE_SIZE = 100
const TYPED = new Set<RedirectRefusal>([
  'bad-from',
  'bad-to',
  'insecure',
  'unknown-name',
  'bad-status',
  'backslash',
  'name-in-host',
] satisfies RuleProblem[])

async function showRedirects(c: Ctx, extra: Partial<RedirectsData> = {}, status: number = 200) {
  const prefix = (c.req.query('from') ?? '').trim().slice(0, 500)
  const after = c.req.query('after') ?? ''
  const { redirects, content } = c.var.services.studio
  const traffic = trafficStore(c)
  const served = pagePaths(await content.current())
  const [frame, page, total, inbox] = await Promise.all([
    adminFrame(c, NOTICES),
    redirects.page(after, PAGE_SIZE + 1, prefix),
    redirects.count(),
    traffic.ok ? redirects.inbox(traffic.value, served) : traffic,
  ])
  const rules = valueOrNull(page, 'redirects')
  const more = rules !== null && rules.length > PAGE_SIZE
  const shown = rules?.slice(0, PAGE_SIZE) ?? null
  const data: RedirectsData = {
    ...frame,
    rules: shown,
    total: valueOrNull(total, 'redirect count'),
    inbox: valueOrNull(inbox, '404 inbox'),
    prefix,
    paged: Boolean(after),
    next: more ? (shown!.at(-1)?.from ?? null) : null,
    ...extra,
  }
  return c.render(redirectsPage(data), { status })
}

const field = (form: Record<string, unknown>, name: string) =>
  typeof form[name] === 'string' ? (form[name] as string) : ''

export const adminRedirects = new Hono<AppEnv>()

adminRedirects.use('*', allow('redirects'))

adminRedirects.get('/', (c) => showRedirects(c))

adminRedirects.post('/', async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const kept = { from: field(form, 'from'), to: field(form, 'to'), status: field(form, 'status') || '301' }
  const { redirects, content } = c.var.services.studio
  const served = pagePaths(await content.current())
  const verdict = await redirects.add(kept, served, adminName(c))
  if (!verdict.ok) return showRedirects(c, { kept, refusal: copy.notices.failed }, 503)
  const outcome = verdict.value
  if (!outcome.saved) {
    const text = fillTemplate(copy.refusals[outcome.code], {
      from: kept.from.trim(),
      to: kept.to.trim(),
      next: outcome.offer?.to ?? '',
      other: outcome.other ?? '',
    })
    const refusal = { ok: false, title: copy.notices.refused, text }
    // What was typed cannot be a rule (lib/redirect-rules.ts): 400; the site's rules refuse it: 409.
    const status = TYPED.has(outcome.code) ? 400 : 409
    return showRedirects(c, { kept, refusal, offer: outcome.offer }, status)
  }
  const { rule } = outcome
  await recordActivity(c, 'redirect-saved', { subject: rule.from, detail: `${rule.to} (${rule.status})` })
  return backWith(c, ADMIN_PATHS.redirects, outcome.repointed.length ? 'repointed' : 'saved')
})

adminRedirects.post('/delete', async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const from = field(form, 'from')
  const removed = await c.var.services.studio.redirects.remove(from)
  if (!removed.ok) return showRedirects(c, { refusal: copy.notices.failed }, 503)
  // Already gone (a second click, or another person first): the list, saying so.
  if (!removed.value) return backWith(c, ADMIN_PATHS.redirects, 'gone')
  await recordActivity(c, 'redirect-deleted', { subject: from })
  return backWith(c, ADMIN_PATHS.redirects, 'deleted')
})

adminRedirects.post('/ignore', async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const path = field(form, 'from').trim()
  if (!path.startsWith('/') || path.length > 500)
    return showRedirects(c, { refusal: copy.notices.failed }, 400)
  const done = await c.var.services.studio.redirects.ignore(path, adminName(c))
  if (!done.ok) return showRedirects(c, { refusal: copy.notices.failed }, 503)
  await recordActivity(c, 'address-ignored', { subject: path })
  return backWith(c, ADMIN_PATHS.redirects, 'ignored')
})

adminRedirects.get('/export.csv', async (c) => {
  const all = await c.var.services.studio.redirects.all()
  if (!all.ok) return c.text(copy.notices.failed.text, 503)
  await recordActivity(c, 'redirects-exported', { detail: `${all.value.length} redirects` })
  return c.body(redirectsCsv(all.value), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="redirects-${new Date().toISOString().slice(0, 10)}.csv"`,
  })
})

// About 200 bytes a line at the most rules a file may hold.
const importLimit = bodyLimit({
  maxSize: IMPORT_LIMIT * 256,
  onError: (c) =>
    showRedirects(c as Ctx, { refusal: { ...copy.notices.failed, text: copy.transfer.tooMany } }, 413),
})

// Check: the plan, shown with Apply. Apply: the plan made again from the same text, then saved.
adminRedirects.post('/import', importLimit, async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const csv = form.file instanceof File ? await form.file.text() : field(form, 'csv')
  if (!csv.trim())
    return showRedirects(c, { refusal: { ...copy.notices.failed, text: copy.transfer.noFile } }, 400)
  const { redirects, content } = c.var.services.studio
  const existing = await redirects.all()
  if (!existing.ok) return showRedirects(c, { refusal: copy.notices.failed }, 503)
  const plan = planImport(csv, existing.value, pagePaths(await content.current()))
  if (field(form, 'apply') !== 'yes') return showRedirects(c, { plan: { plan, csv } })
  const changes = [...plan.added, ...plan.changed.map(({ rule }) => rule)]
  const applied = await redirects.saveMany(changes, adminName(c))
  if (!applied.ok) return showRedirects(c, { plan: { plan, csv }, refusal: copy.notices.failed }, 503)
  const detail = `${plan.added.length} added, ${plan.changed.length} changed, ${plan.refused.length} refused`
  await recordActivity(c, 'redirects-imported', { detail })
  return backWith(c, ADMIN_PATHS.redirects, 'imported')
})
