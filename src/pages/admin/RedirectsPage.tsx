import { AddressButton } from '../../components/admin/AddressButton'
import { AdminSection } from '../../components/admin/AdminShell'
import { DataTable } from '../../components/admin/DataTable'
import { LabelledInput } from '../../components/admin/LabelledInput'
import { MissedAddressesTable } from '../../components/admin/MissedAddressesTable'
import { RedirectImportPlan } from '../../components/admin/RedirectImportPlan'
import { RedirectRuleForm } from '../../components/admin/RedirectRuleForm'
import { UtcTime } from '../../components/admin/UtcTime'
import { adminCopy } from '../../content/admin'
import { ADMIN_PATHS } from '../../lib/admin-links'
import type { MissedAddress, RedirectRule, SavedRedirect } from '../../lib/redirect-rules'
import { fillTemplate } from '../../lib/template'
import type { AdminNotice } from '../../schemas/admin-words'
import type { PageModule } from '../../schemas/page-module'
import type { RedirectImportPlan as ImportPlan } from '../../schemas/studio-records'
import { adminPage, readable, type AdminFrame } from './AdminFrame'

export interface RedirectsData extends AdminFrame {
  /** One page of rules by old address; null when they could not be read. */
  rules: SavedRedirect[] | null
  /** How many rules there are in all; null when not counted. */
  total: number | null
  /** What the list shows: old addresses starting with this. */
  prefix: string
  /** Whether this is a later page (a link back to the first), and where the next starts. */
  paged: boolean
  next: string | null
  /** A CSV import's plan and text, shown before it is applied. */
  plan?: { plan: ImportPlan; csv: string }
  /** The 404 inbox; null when it could not be read (or traffic is not counted). */
  inbox: MissedAddress[] | null
  /** What the form keeps after a refusal. */
  kept?: { from: string; to: string; status: string }
  /** A refusal shown in place, and the rule offered instead (a chain made one hop). */
  refusal?: AdminNotice
  offer?: RedirectRule
}

const copy = adminCopy.redirects

const listHref = (prefix: string, after?: string) => {
  const query = new URLSearchParams()
  if (prefix) query.set('from', prefix)
  if (after) query.set('after', after)
  const search = query.toString()
  return search ? `${ADMIN_PATHS.redirects}?${search}` : ADMIN_PATHS.redirects
}

/** /admin/redirects: add or change a rule (with its refusal and offer), and every rule a page at a time. */
export function redirectsPage({
  rules,
  total,
  prefix,
  paged,
  next,
  kept,
  refusal,
  offer,
  inbox,
  plan,
  ...frame
}: RedirectsData): PageModule {
  const a = copy.add
  const l = copy.list
  const t = copy.transfer
  const statusWords = { 301: l.permanent, 302: l.temporary }
  return adminPage(
    'redirects',
    copy,
    { ...frame, notice: refusal ?? frame.notice },
    <>
      <p className="field-hint">{copy.intro}</p>
      {offer ? (
        <form method="post" action={ADMIN_PATHS.redirects}>
          <input type="hidden" name="from" value={offer.from} />
          <input type="hidden" name="to" value={offer.to} />
          <input type="hidden" name="status" value={String(offer.status)} />
          <button type="submit" className="btn btn-primary">
            {fillTemplate(a.offer, { from: offer.from, to: offer.to })}
          </button>
        </form>
      ) : null}
      {plan ? (
        <AdminSection title={copy.plan.title}>
          <RedirectImportPlan plan={plan.plan} csv={plan.csv} copy={copy} />
        </AdminSection>
      ) : null}
      <AdminSection title={a.title}>
        <RedirectRuleForm copy={a} kept={kept} />
      </AdminSection>
      <AdminSection title={copy.inbox.title}>
        <p className="field-hint">{copy.inbox.intro}</p>
        {readable(inbox, (missed) => (
          <MissedAddressesTable missed={missed} copy={copy.inbox} />
        ))}
      </AdminSection>
      <AdminSection title={l.title}>
        <form
          method="get"
          action={ADMIN_PATHS.redirects}
          className="lead-filters"
          role="search"
          aria-label={l.filter}
        >
          <div className="field">
            <LabelledInput
              id="redirect-prefix"
              label={l.filter}
              name="from"
              maxLength={500}
              defaultValue={prefix}
            />
          </div>
          <div className="lead-filter-actions">
            <button type="submit" className="btn btn-primary btn-sm">
              {l.filterSubmit}
            </button>
            <a href={ADMIN_PATHS.redirects} className="btn btn-ghost btn-sm">
              {l.clear}
            </a>
          </div>
        </form>
        {total !== null ? <p>{fillTemplate(l.count, { count: total.toLocaleString('en') })}</p> : null}
        {readable(rules, (list) => (
          <DataTable
            caption={l.caption}
            columns={[l.from, l.to, l.status, l.made, l.delete]}
            stack
            long={[0, 1]}
            empty={prefix ? l.noMatch : l.none}
            rows={list.map((rule) => ({
              key: rule.from,
              cells: [
                <code key="from">{rule.from}</code>,
                <code key="to">{rule.to}</code>,
                statusWords[rule.status],
                <>
                  <UtcTime iso={rule.at} /> {l.by} {rule.by}
                </>,
                <AddressButton
                  key="delete"
                  action={ADMIN_PATHS.redirectsDelete}
                  address={rule.from}
                  label={l.delete}
                  variant="danger"
                />,
              ],
            }))}
          />
        ))}
        <nav aria-label={l.title} className="pager">
          {paged ? (
            <a href={listHref(prefix)} className="text-link">
              {l.first}
            </a>
          ) : null}{' '}
          {next ? (
            <a href={listHref(prefix, next)} rel="next" className="text-link">
              {l.more}
            </a>
          ) : null}
        </nav>
        <p className="field-hint">{l.repository}</p>
      </AdminSection>
      <AdminSection title={t.title}>
        <p>
          <a href={ADMIN_PATHS.redirectsCsv} className="btn btn-ghost btn-sm" download>
            {t.export}
          </a>
        </p>
        <form
          method="post"
          action={ADMIN_PATHS.redirectsImport}
          encType="multipart/form-data"
          className="studio-upload"
        >
          <div className="field">
            <LabelledInput
              id="redirects-file"
              label={t.file}
              hint={t.fileHint}
              name="file"
              type="file"
              accept=".csv,text/csv"
              required
            />
          </div>
          <button type="submit" className="btn btn-primary">
            {t.check}
          </button>
        </form>
      </AdminSection>
    </>,
  )
}
