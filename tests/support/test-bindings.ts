/**
 * The variables a test worker runs with, and nothing from the developer's machine. wrangler
 * (inside the Vitest plugin) reads `.dev.vars` beside wrangler.toml, and the Vite plugin copies it
 * into every build, so a real ALERT_WEBHOOK_URL or Firebase secret kept there would reach the
 * tests. Every key such a file sets is overridden: with wrangler.toml's [vars] value when it has
 * one, else with '' (unset), unless the test sets it itself.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'smol-toml'

/** The files wrangler and the Vite plugin read local variables from. */
const LOCAL_VARIABLE_FILES = /^\.(?:dev\.vars|env)(?:\..+)?$/

/** The names a dotenv-style file sets. */
function namesIn(text: string): string[] {
  return [...text.matchAll(/^\s*(?:export\s+)?([A-Za-z_]\w*)\s*=/gm)].map((match) => match[1]!)
}

/** Names set by `.dev.vars*` and `.env*` files in `dir` (the examples excepted). */
export function localVariableNames(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => LOCAL_VARIABLE_FILES.test(name) && !name.endsWith('.example'))
    .flatMap((name) => namesIn(readFileSync(join(dir, name), 'utf8')))
}

/**
 * `explicit`, plus every variable the local files in `root` (and `extraDirs`) set, reset to
 * wrangler.toml's value or ''.
 */
export function isolatedBindings(
  explicit: Record<string, string>,
  root: string,
  extraDirs: string[] = [],
): Record<string, string> {
  const vars = (parse(readFileSync(join(root, 'wrangler.toml'), 'utf8')) as { vars: Record<string, string> })
    .vars
  const leaked = [root, ...extraDirs].flatMap(localVariableNames)
  const reset = Object.fromEntries(leaked.map((name) => [name, vars[name] ?? '']))
  return { ...reset, ...explicit }
}
