/**
 * What a cold isolate parses before the worker answers: the entry and every chunk it imports
 * statically, and theirs in turn. A dynamic `import()` is where the walk stops: that chunk loads
 * with its first use. The bundler moves modules the entry shares with a lazy chunk into chunks of
 * their own that the entry imports at once, so counting top-level files alone missed them (issue 58).
 */
import { readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { parseAst } from 'vite'

/** The specifiers a module imports or re-exports from at its top level: its static imports. */
export function staticSpecifiers(code) {
  return parseAst(code)
    .body.filter(
      (node) =>
        node.type === 'ImportDeclaration' ||
        ((node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source),
    )
    .map((node) => node.source.value)
}

/**
 * The files (relative to `dir`) that `entry` loads at once, the entry first: every relative
 * static import, recursively; bare ones (`cloudflare:workers`) are the runtime's own.
 */
export function eagerFiles(dir, entry) {
  const seen = new Set()
  const walk = (file) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const specifier of staticSpecifiers(readFileSync(join(dir, file), 'utf8')))
      if (/^\.\.?\//.test(specifier)) walk(normalize(join(dirname(file), specifier)))
  }
  walk(normalize(entry))
  return [...seen]
}
