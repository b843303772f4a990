/**
 * Why a document's values cannot be saved, field by field, in plain words: each part of the copy
 * by its schema (schemas/site-copy.ts), a post as the build checks a file (studio/services/posts.ts),
 * with the line of its text a problem is on. A schema's own message (a refine's, a regex's) is
 * shown as it is; zod's generic ones are said in the studio's words (content/admin/studio.ts).
 */
import type { z } from 'zod'
import { studio } from '../../../content/admin/studio'
import { fillTemplate } from '../../../lib/template'
import { siteCopySchema } from '../../../schemas/site-copy'
import type { HomeLayoutEntry } from '../../../schemas/home-layout'
import { schemaAt } from '../../../lib/schema-walk'
import { kindOf, slugOf } from '../../../lib/document-kinds'
import type { Result } from '../../../lib/result'
import { rootsOf, type SiteContent } from './content-build'
import {
  compilePage,
  layoutProblems,
  linkErrors,
  weightErrors,
  type PageSection,
  type PageWeigher,
} from './composed-pages'
import { compilePost } from './posts'

const words = studio.issues

/** The root of the copy that holds the home page's sections. */
export const HOME_LAYOUT = 'home.layout'

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
function issuesOf(issue: Issue): Issue[] {
  if (issue.code !== 'invalid_union') return [issue]
  const chosen = issue.errors.find((option) => !option.some((inner) => inner.code === 'unrecognized_keys'))
  if (!chosen) return [issue]
  return chosen.flatMap((inner) => issuesOf({ ...inner, path: [...issue.path, ...inner.path] }))
}

/** The errors of a document's values by field path (`home.hero.title`, `post.body`); empty when none. */
export async function documentErrors(
  doc: string,
  value: Record<string, unknown>,
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {}
  const kind = kindOf(doc)
  if (kind !== 'copy') {
    const compiled = kind === 'post' ? await compilePost(value.post) : await compilePage(value.page)
    const add = (field: string, message: string) => {
      const key = [kind, field].filter(Boolean).join('.')
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
  for (const root of rootsOf(doc) ?? []) {
    const checked = schemaAt(siteCopySchema, root)!.safeParse(value[root])
    for (const issue of (checked.success ? [] : checked.error.issues).flatMap(issuesOf)) {
      const key = [root, ...issue.path].join('.')
      errors[key] ??= plainIssue(issue)
    }
    // The home page's sections pass a landing page's gate (its fields are under `sections`).
    if (root === HOME_LAYOUT && checked.success)
      for (const problem of layoutProblems(checked.data as HomeLayoutEntry[]))
        errors[problem.field.replace(/^sections/, root)] ??= problem.message
  }
  return errors
}

/** What a save's check needs of the site: the addresses it serves now, and the site with these values. */
export interface SiteForCheck {
  served: () => Promise<string[]>
  preview: () => Promise<Result<SiteContent>>
}

/**
 * Why these values cannot be saved, by field path (empty: they can): the document's own errors;
 * a landing page's links and the home page's sections' must go to an address the site serves now;
 * with `weigh` (the HTML, gzipped, as the site would serve it) a landing page must stay within its weight.
 */
export async function saveProblems(
  doc: string,
  value: Record<string, unknown>,
  site: SiteForCheck,
  weigh?: PageWeigher,
): Promise<Record<string, string>> {
  const errors = await documentErrors(doc, value)
  if (HOME_LAYOUT in value)
    return { ...linkErrors(value[HOME_LAYOUT], await site.served(), HOME_LAYOUT), ...errors }
  if (kindOf(doc) !== 'page') return errors
  const served = [...(await site.served()), `/${slugOf(doc)}`]
  const found = { ...linkErrors((value.page as { sections?: unknown })?.sections, served), ...errors }
  if (Object.keys(found).length || !weigh) return found
  const sections = (value.page as { sections: PageSection[] }).sections
  return weightErrors(await site.preview(), slugOf(doc)!, sections, weigh)
}
