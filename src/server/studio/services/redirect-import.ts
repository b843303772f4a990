/**
 * Redirects as CSV (issue 47): the export writes `from,to,status`, one rule a line, and an import
 * of the same shape is planned before anything changes: what it adds, what it changes, what is
 * already so, and what it refuses and why. Applying a plan merges: a rule the file does not name
 * is never deleted (where Webflow's import replaces every redirect).
 */
import { isPattern, ruleOf, type RedirectRule, type SavedRedirect } from '../../../lib/redirect-rules'
import type { RedirectImportPlan } from '../../../schemas/studio-records'
import { csvField } from '../../../lib/csv'
import { RuleSet } from './redirect-checks'

/** The most rules one file may hold (the console's table is measured at 10,000). */
export const IMPORT_LIMIT = 10_000

/** The rules as the export writes them, and an import reads them. */
export function redirectsCsv(rules: RedirectRule[]): string {
  const lines = [
    'from,to,status',
    ...rules.map((rule) => [csvField(rule.from), csvField(rule.to), rule.status].join(',')),
  ]
  return '\uFEFF' + lines.join('\r\n') + '\r\n'
}

/** The fields of each line of a CSV text (RFC 4180: quotes, doubled quotes, CRLF or LF). */
export function csvRows(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const endField = () => {
    row.push(field)
    field = ''
  }
  const endRow = () => {
    endField()
    rows.push(row)
    row = []
  }
  const source = text.replace(/^\uFEFF/, '')
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!
    if (quoted && char === '"' && source[i + 1] === '"') {
      field += '"'
      i++
    } else if (char === '"') quoted = !quoted
    else if (quoted) field += char
    else if (char === ',') endField()
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++
      endRow()
    } else field += char
  }
  if (field || row.length) endRow()
  return rows.filter((fields) => fields.some((value) => value.trim()))
}

/**
 * What importing `text` over `existing` would do on a site that serves `served`: each line checked,
 * in order, against the rules as the lines before it left them, in one pass over one table
 * (services/redirect-checks.ts).
 */
export function planImport(text: string, existing: SavedRedirect[], served: string[]): RedirectImportPlan {
  const plan: RedirectImportPlan = { added: [], changed: [], unchanged: 0, refused: [] }
  const rows = csvRows(text)
  const header = rows[0]?.map((name) => name.trim().toLowerCase())
  const body = header?.[0] === 'from' ? rows.slice(1) : rows
  const start = header?.[0] === 'from' ? 2 : 1
  const merged = new RuleSet<RedirectRule>(existing)
  body.forEach(([from = '', to = '', status = '301'], index) => {
    const line = index + start
    // A guard the export added against spreadsheet formulas comes off.
    const [rawFrom, rawTo] = [from, to].map((value) => value.replace(/^'(?=[=+\-@])/, ''))
    if (index >= IMPORT_LIMIT)
      return plan.refused.push({ line, from: rawFrom!, to: rawTo!, code: 'too-many' })
    const rule = ruleOf({ from: rawFrom!, to: rawTo!, status: status.trim() || '301' })
    if (typeof rule === 'string') return plan.refused.push({ line, from: rawFrom!, to: rawTo!, code: rule })
    const before = merged.get(rule.from)
    if (before && before.to === rule.to && before.status === rule.status) return void plan.unchanged++
    const refusal = merged.check(rule, served)
    if (refusal)
      return plan.refused.push({
        line,
        from: rule.from,
        to: rule.to,
        code: refusal.code,
        next: refusal.offer?.to,
      })
    // Rules that sent to this old address now send where it does.
    const feeding = isPattern(rule.from) ? [] : merged.feeding(rule.from)
    merged.set(rule)
    if (before) plan.changed.push({ rule, before: before.to })
    else plan.added.push(rule)
    for (const other of feeding) {
      const repointed = { ...other, to: rule.to }
      merged.set(repointed)
      plan.changed.push({ rule: repointed, before: other.to })
    }
  })
  return plan
}
