import { ADMIN_PATHS } from '../../lib/admin-links'
import { fillTemplate } from '../../lib/template'
import type { AdminCopy } from '../../schemas/admin-words'
import type { RedirectImportPlan as Plan } from '../../schemas/studio-records'
import { DataTable } from './DataTable'

/**
 * The most lines each table lists: a file of 10,000 lines made a page of 2.7 MB whose rendering
 * cost more CPU than planning it (issue 59, U8). The summary counts them all.
 */
export const PLAN_ROWS = 200

interface RedirectImportPlanProps {
  plan: Plan
  /** The file's text, posted again by Apply (the plan is made afresh then, so nothing stale is applied). */
  csv: string
  copy: AdminCopy['redirects']
}

/** What a CSV import would do, before anything changes: added, changed and refused lines, then Apply or Cancel. */
export function RedirectImportPlan({ plan, csv, copy }: RedirectImportPlanProps) {
  const p = copy.plan
  const why = (refused: Plan['refused'][number]) =>
    refused.code === 'too-many'
      ? copy.transfer.tooMany
      : fillTemplate(copy.refusals[refused.code], {
          from: refused.from,
          to: refused.to,
          next: refused.next ?? '',
          other: '',
        })
  const more = (count: number) =>
    count > PLAN_ROWS ? (
      <p>{fillTemplate(p.more, { count: (count - PLAN_ROWS).toLocaleString('en') })}</p>
    ) : null
  return (
    <>
      <p>
        {fillTemplate(p.summary, {
          added: plan.added.length,
          changed: plan.changed.length,
          unchanged: plan.unchanged,
          refused: plan.refused.length,
        })}
      </p>
      {plan.added.length ? (
        <>
          <DataTable
            caption={p.captionAdded}
            columns={[copy.list.from, p.after, copy.list.status]}
            stack
            long={[0, 1]}
            empty=""
            rows={plan.added.slice(0, PLAN_ROWS).map((rule) => ({
              key: rule.from,
              cells: [
                <code key="from">{rule.from}</code>,
                <code key="to">{rule.to}</code>,
                String(rule.status),
              ],
            }))}
          />
          {more(plan.added.length)}
        </>
      ) : null}
      {plan.changed.length ? (
        <>
          <DataTable
            caption={p.captionChanged}
            columns={[copy.list.from, p.before, p.after]}
            stack
            long={[0, 1, 2]}
            empty=""
            rows={plan.changed.slice(0, PLAN_ROWS).map(({ rule, before }) => ({
              key: rule.from,
              cells: [
                <code key="from">{rule.from}</code>,
                <code key="before">{before}</code>,
                <code key="to">{rule.to}</code>,
              ],
            }))}
          />
          {more(plan.changed.length)}
        </>
      ) : null}
      {plan.refused.length ? (
        <>
          <DataTable
            caption={p.captionRefused}
            columns={[p.line, copy.list.from, p.why]}
            stack
            long={[1, 2]}
            empty=""
            rows={plan.refused.slice(0, PLAN_ROWS).map((refused) => ({
              key: String(refused.line),
              cells: [String(refused.line), <code key="from">{refused.from}</code>, why(refused)],
            }))}
          />
          {more(plan.refused.length)}
        </>
      ) : null}
      <form method="post" action={ADMIN_PATHS.redirectsImport} className="lead-filter-actions">
        {/* A textarea keeps the file's line breaks, which an input's value would not. */}
        <textarea name="csv" hidden readOnly defaultValue={csv} />
        <input type="hidden" name="apply" value="yes" />
        {plan.added.length || plan.changed.length ? (
          <button type="submit" className="btn btn-primary">
            {p.apply}
          </button>
        ) : null}
        <a href={ADMIN_PATHS.redirects} className="btn btn-ghost">
          {p.cancel}
        </a>
      </form>
    </>
  )
}
