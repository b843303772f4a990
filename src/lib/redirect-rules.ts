/**
 * Redirect rules as the console keeps them (issue 47): `from` is a path, or a pattern with
 * `:name` segments and a final `*`; `to` is a path or an https address that may use the pattern's
 * `:name`s and `:splat`. A table answers a path with one Map lookup for an exact rule, and for a
 * pattern a scan of only the patterns that share the path's first segment, so 10,000 rules cost a
 * request about what 10 do (`npm run bench -- --redirects`).
 *
 * Where a rule may send (issue 59, U1 and U4): a local `to` lands on this site and an https one on
 * the host it names, whatever the request's path fills in. So `to` has no `\` (browsers read it
 * as `/`), names stand only in an https address's path, query and fragment (never its host or
 * port), a filled-in value that starts with `/`, `\` or `@` has that character percent-encoded,
 * and the final location is resolved as a browser would: one that lands anywhere else is not an
 * answer (the path is a 404). tests/unit/redirect-rules-fuzz.test.ts holds this as a property.
 */

const REDIRECT_STATUSES = [301, 302] as const
type RedirectStatus = (typeof REDIRECT_STATUSES)[number]

export interface RedirectRule {
  from: string
  to: string
  status: RedirectStatus
}

/** A stored rule: who made it, and when. */
export interface SavedRedirect extends RedirectRule {
  by: string
  at: string
}

/** Why a rule cannot be what was typed (the console's words: content/admin/redirects.ts). */
export type RuleProblem =
  'bad-from' | 'bad-to' | 'insecure' | 'unknown-name' | 'bad-status' | 'backslash' | 'name-in-host'

/** A path without its trailing slash ("/" stays "/"). */
export const withoutSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path)

/** A `:name` in a target (a port, `:8443`, is digits, never a name). */
const NAME = /:[a-z][a-z0-9_]*/
const NAMES = /:([a-z][a-z0-9_]*)/g

const FROM =
  /^\/(?:[A-Za-z0-9._~%!$&'()+,;=@-]+|:[a-z][a-z0-9_]*)(?:\/(?:[A-Za-z0-9._~%!$&'()+,;=@-]+|:[a-z][a-z0-9_]*))*(?:\/\*)?\/?$|^\/\*$/

/** Whether `from` is a pattern (has a `:name` or `*`), not one exact path. */
export const isPattern = (from: string) => /(^|\/)(:|\*)/.test(from)

/** The `:name`s of a pattern, and `splat` if it ends in `*`. */
const namesOf = (from: string) => [
  ...[...from.matchAll(/\/:([a-z][a-z0-9_]*)/g)].map((m) => m[1]!),
  ...(from.endsWith('*') ? ['splat'] : []),
]

/**
 * What was typed, made a rule: trimmed, the trailing slash of `from` dropped, a local `to` as a
 * path and an external one as an https URL. A problem when it cannot be one.
 */
export function ruleOf(input: {
  from: string
  to: string
  status: string | number
}): RedirectRule | RuleProblem {
  const from = withoutSlash(input.from.trim())
  const to = input.to.trim()
  const status = Number(input.status)
  if (!FROM.test(from) || from.length > 500) return 'bad-from'
  if (!REDIRECT_STATUSES.includes(status as RedirectStatus)) return 'bad-status'
  if (/^http:\/\//i.test(to)) return 'insecure'
  if (to.length > 2000 || /\s/.test(to)) return 'bad-to'
  if (to.includes('\\')) return 'backslash'
  if (/^https:\/\//i.test(to)) {
    // The host and port: up to the first /, ? or #. No name may choose it, and no user@ may hide it.
    const authority = to.slice('https://'.length).split(/[/?#]/, 1)[0]!
    if (NAME.test(authority)) return 'name-in-host'
    if (authority.includes('@') || !URL.canParse(to.replace(NAMES, 'x'))) return 'bad-to'
  } else if (!/^\/(?!\/)/.test(to)) return 'bad-to'
  const names = namesOf(from)
  for (const [, name] of to.matchAll(NAMES)) if (!names.includes(name!)) return 'unknown-name'
  return { from, to, status: status as RedirectStatus }
}

interface Compiled<R extends RedirectRule> {
  rule: R
  readonly regex: RegExp
  readonly names: string[]
  home: string | null | undefined
}

/** The base a location is resolved against: any https origin of ours does, since only its host is compared. */
const SELF = 'https://site.invalid'

/**
 * Where a rule must land: null for this site (a local `to`), the host an https `to` names, or
 * undefined for a `to` that names none (a rule saved before these checks, such as https://:splat):
 * such a rule never answers.
 */
function homeOf(to: string): string | null | undefined {
  if (to.startsWith('/')) return null
  const authority = to.slice('https://'.length).split(/[/?#]/, 1)[0]!
  if (!/^https:\/\//i.test(to) || NAME.test(authority) || authority.includes('@')) return undefined
  return URL.canParse(to.replace(NAMES, 'x')) ? new URL(to.replace(NAMES, 'x')).host : undefined
}

/**
 * Whether `location` lands where the rule's `home` says, as a browser resolves it from this site.
 * A local one without tabs or line breaks (which browsers drop) that starts with one `/` and then
 * neither `/` nor `\` is a path on this site by the URL standard, with no parse; any other is
 * parsed (an https rule's, about 1 µs).
 */
function landsHome(home: string | null | undefined, location: string): boolean {
  if (home === null && /^\/(?![/\\])/.test(location) && !/[\t\n\r]/.test(location)) return true
  if (home === undefined || !URL.canParse(location, SELF)) return false
  const url = new URL(location, SELF)
  if (url.username || url.password) return false
  return home === null ? url.origin === SELF : url.protocol === 'https:' && url.host === home
}

/** A value filled into a target: a leading `/`, `\` or `@` encoded, so it cannot start an authority. */
const filled = (value: string) =>
  value.replace(/^[/\\@]+/, (lead) => [...lead].map((char) => encodeURIComponent(char)).join(''))

const firstSegment = (path: string) => path.split('/')[1] ?? ''

function compile<R extends RedirectRule>(rule: R): Compiled<R> {
  const body = rule.from
    .split('/')
    .slice(1)
    .map((segment) =>
      segment === '*'
        ? '(.*)'
        : segment.startsWith(':')
          ? '([^/]+)'
          : segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/')
  return { rule, regex: new RegExp(`^/${body}$`), names: namesOf(rule.from), home: homeOf(rule.to) }
}

/** Where a matched rule sends `path`: its `:name`s filled in, or null if that would land off its home. */
function locationOf(compiled: Compiled<RedirectRule>, match: RegExpExecArray): string | null {
  const values = Object.fromEntries(compiled.names.map((name, i) => [name, filled(match[i + 1] ?? '')]))
  const location = compiled.rule.to.replace(NAMES, (all, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : all,
  )
  return landsHome(compiled.home, location) ? location : null
}

/** The rules of one moment, ready to answer a path. */
export class RedirectTable<R extends RedirectRule = RedirectRule> {
  /** Exact rules by their `from`, each with whether its target lands where it says (else no answer). */
  private readonly exact = new Map<string, { rule: R; lands: boolean }>()
  /** Patterns by their first segment; '' for those that start with a `:name` or `*`. */
  private readonly patterns = new Map<string, Compiled<R>[]>()
  /** Each pattern's entry by its `from`, so a changed rule takes its place (an import's plan). */
  private readonly compiled = new Map<string, Compiled<R>>()

  constructor(rules: Iterable<R>) {
    for (const rule of rules) this.set(rule)
  }

  /** Adds a rule, or puts it in the place of the rule with its `from`: the table as if built with it there. */
  set(rule: R): void {
    if (!isPattern(rule.from)) {
      this.exact.set(rule.from, { rule, lands: landsHome(homeOf(rule.to), rule.to) })
      return
    }
    const known = this.compiled.get(rule.from)
    if (known) {
      known.rule = rule
      known.home = homeOf(rule.to)
      return
    }
    const head = firstSegment(rule.from)
    const key = head.startsWith(':') || head === '*' ? '' : head
    const list = this.patterns.get(key) ?? []
    const entry = compile(rule)
    list.push(entry)
    this.patterns.set(key, list)
    this.compiled.set(rule.from, entry)
  }

  /** The rule for `path` and where it sends it, or null. An exact rule wins over a pattern. */
  match(path: string): { rule: R; location: string } | null {
    const bare = withoutSlash(path)
    const exact = this.exact.get(bare)
    if (exact) return exact.lands ? { rule: exact.rule, location: exact.rule.to } : null
    for (const key of [firstSegment(bare), '']) {
      for (const compiled of this.patterns.get(key) ?? []) {
        const match = compiled.regex.exec(bare)
        if (!match) continue
        // The first rule that takes the path answers it, or nobody does (a 404).
        const location = locationOf(compiled, match)
        return location === null ? null : { rule: compiled.rule, location }
      }
    }
    return null
  }
}

/** A local target's path (no query, no fragment), or null for an external one. */
export function localPath(to: string): string | null {
  if (!to.startsWith('/')) return null
  return withoutSlash(to.split(/[?#]/)[0]!)
}

/** Whether a rule's `from` takes `path` (a pattern matched with its names filled by anything). */
export const takes = (from: string, path: string) =>
  new RedirectTable([{ from, to: '/', status: 301 }]).match(path) !== null

/** A target with the request's query added, unless the target has one of its own (or none came). */
export function withQuery(location: string, search: string): string {
  if (!search || location.includes('?')) return location
  const [head, fragment] = location.split('#', 2)
  return fragment === undefined ? head + search : `${head}${search}#${fragment}`
}

/** An address visitors hit that answers 404, for the inbox: its hits and the served address nearest it. */
export interface MissedAddress {
  path: string
  week: number
  month: number
  /** The page that sent the most of those hits (host and path), 'direct' for none, or null if not counted. */
  from: string | null
  /** The served address nearest by edit distance: what Redirect to… starts from. */
  nearest: string
}

/** The edit distance of two strings (insertions, deletions, substitutions), two rows at a time. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
    previous = current
  }
  return previous[b.length]!
}

/** The candidate nearest `path` by edit distance (the first of equals), or "/" for none. */
export function nearestOf(path: string, candidates: string[]): string {
  let best = '/'
  let bestDistance = Infinity
  for (const candidate of candidates) {
    const d = distance(path.slice(0, 200).toLowerCase(), candidate)
    if (d < bestDistance) [best, bestDistance] = [candidate, d]
  }
  return best
}
