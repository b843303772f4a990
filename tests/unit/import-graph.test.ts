/**
 * src has no import cycle, type-only imports included (ESLint's import-x/no-cycle, which this
 * replaces, left those out): every `import … from`, `import type … from` and `export … from` between
 * src files is an edge, and the graph must have no strongly connected component of more than one
 * file, nor a file importing itself.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = 'src'
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx']

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

/** The src files `file` imports or re-exports from, by relative specifier. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/gm),
  ].map((match) => match[1]!)
  return specifiers.flatMap((specifier) => {
    const base = join(dirname(file), specifier)
    const found = [base, ...EXTENSIONS.map((ext) => base + ext)].find(
      (path) => existsSync(path) && statSync(path).isFile(),
    )
    return found && /\.tsx?$/.test(found) ? [found] : []
  })
}

/** Tarjan's strongly connected components. */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0
  const stack: string[] = []
  const seen = new Map<string, { index: number; low: number; onStack: boolean }>()
  const found: string[][] = []
  const visit = (node: string) => {
    const state = { index, low: index, onStack: true }
    seen.set(node, state)
    index++
    stack.push(node)
    for (const next of graph.get(node) ?? []) {
      const other = seen.get(next)
      if (!other) {
        visit(next)
        state.low = Math.min(state.low, seen.get(next)!.low)
      } else if (other.onStack) state.low = Math.min(state.low, other.index)
    }
    if (state.low !== state.index) return
    const component: string[] = []
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      seen.get(member)!.onStack = false
      component.push(member)
      if (member === node) break
    }
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component)
  }
  for (const node of graph.keys()) if (!seen.has(node)) visit(node)
  return found
}

describe('the import graph of src', () => {
  const graph = new Map(sourceFiles(SRC).map((file) => [file, importsOf(file)]))

  it('is read whole', () => {
    expect(graph.size).toBeGreaterThan(200)
    expect([...graph.values()].flat().length).toBeGreaterThan(500)
  })

  it('has no cycle, type-only legs included', () => {
    expect(cycles(graph).map((component) => component.map((file) => relative(SRC, file)).sort())).toEqual([])
  })

  it('would see one', () => {
    const withCycle = new Map(graph)
    withCycle.set('src/lib/result.ts', [...(graph.get('src/lib/result.ts') ?? []), 'src/server/isolate.ts'])
    expect(cycles(withCycle).length).toBeGreaterThan(0)
  })
})
