/**
 * Why a document's values cannot be saved, field by field, in the schema's own words: each part
 * of the copy by its schema (schemas/site-copy.ts), a post as the build checks a file
 * (services/posts.ts), with the line of its text a problem is on.
 */
import { siteCopySchema } from '../../schemas/site-copy'
import { schemaAt } from '../../schemas/walk'
import { POST_PREFIX, rootsOf } from './content-build'
import { compilePost } from './posts'

/** The errors of a document's values by field path (`home.hero.title`, `post.body`); empty when none. */
export function documentErrors(doc: string, value: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {}
  if (doc.startsWith(POST_PREFIX)) {
    const compiled = compilePost(value.post)
    for (const problem of 'problems' in compiled ? compiled.problems : []) {
      const key = `post.${problem.field}`
      const message = problem.line ? `Line ${problem.line}: ${problem.message}` : problem.message
      errors[key] = errors[key] ? `${errors[key]} ${message}` : message
    }
    return errors
  }
  for (const root of rootsOf(doc) ?? []) {
    const checked = schemaAt(siteCopySchema, root)!.safeParse(value[root])
    for (const issue of checked.success ? [] : checked.error.issues) {
      const key = [root, ...issue.path].join('.')
      errors[key] ??= issue.message
    }
  }
  return errors
}
