/**
 * A schema's issues in the studio's plain words (content/admin/studio.ts): a schema's own message
 * (a refine's, a regex's) is shown as it is; zod's generic ones are said in the studio's words.
 */
import type { z } from 'zod'
import { studio } from '../../../content/admin/studio'
import { fillTemplate } from '../../../lib/template'
import type { CompiledPage } from '../services/composed-pages'
import type { CompiledPost } from '../services/posts'

const words = studio.issues

type Issue = z.core.$ZodIssue

/** zod's own messages start so; a schema's are anything else. */
const GENERIC = /^(Invalid|Too (small|big)|Unrecognized|Expected)/

/** An issue in the studio's words. */
export function plainIssue(issue: Issue): string {
  if (!GENERIC.test(issue.message)) return issue.message
  const n = (value: unknown) => fillTemplate(value === 1 ? words.required : words.min, { n: String(value) })
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return n(issue.minimum)
      return fillTemplate(issue.origin === 'array' ? words.fewer : words.number, { n: String(issue.minimum) })
    case 'too_big':
      return fillTemplate(issue.origin === 'array' ? words.more : words.max, { n: String(issue.maximum) })
    case 'invalid_format':
      return issue.format === 'url' ? words.url : issue.format === 'email' ? words.email : words.format
    case 'invalid_value':
      return words.choice
    case 'invalid_union':
      return words.target
    case 'invalid_type':
      return issue.expected === 'number' ? words.number : words.required
    default:
      return words.format
  }
}

/**
 * A union's issue, said by the option the value chose: a link whose address is wrong says so
 * at the address, not "invalid input" at the link. The chosen option is the one whose issues do
 * not include keys it does not know (every option is a strict object).
 */
export function issuesOf(issue: Issue): Issue[] {
  if (issue.code !== 'invalid_union') return [issue]
  const chosen = issue.errors.find((option) => !option.some((inner) => inner.code === 'unrecognized_keys'))
  if (!chosen) return [issue]
  return chosen.flatMap((inner) => issuesOf({ ...inner, path: [...issue.path, ...inner.path] }))
}

/** A compiled post's or page's problems by field path under its root (`post.body`), with the line a problem is on. */
export function compiledErrors(root: string, compiled: CompiledPost | CompiledPage): Record<string, string> {
  const errors: Record<string, string> = {}
  const add = (field: string, message: string) => {
    const key = [root, field].filter(Boolean).join('.')
    errors[key] = errors[key] ? `${errors[key]} ${message}` : message
  }
  for (const problem of 'problems' in compiled ? compiled.problems : []) {
    if (problem.issue)
      for (const issue of issuesOf(problem.issue)) add(issue.path.join('.'), plainIssue(issue))
    else
      add(
        problem.field,
        'line' in problem && problem.line ? `Line ${problem.line}: ${problem.message}` : problem.message,
      )
  }
  return errors
}
