/** A post's or a landing page's draft compiled once per isolate for the same text (the build's memo). */
import { compilePage, type CompiledPage } from '../services/composed-pages'
import { compilePost, type CompiledPost } from '../services/posts'
import type { CompileMemo } from './types'

export async function compiled(draft: unknown, memo: CompileMemo): Promise<CompiledPost>
export async function compiled(draft: unknown, memo: CompileMemo, page: true): Promise<CompiledPage>
export async function compiled(draft: unknown, memo: CompileMemo, page = false) {
  const key = (page ? 'page' : 'post') + JSON.stringify(draft)
  const known = memo.get(key)
  if (known) return known
  const result = page ? await compilePage(draft) : await compilePost(draft)
  if (memo.size >= 500) memo.delete(memo.keys().next().value!)
  memo.set(key, result)
  return result
}
