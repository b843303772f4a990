/**
 * The checks a new redirect must pass against the rules it joins (issue 47), kept ready for the
 * next rule (issue 59, U8): one table of the merged rules, updated in place as each rule is taken,
 * and the local targets indexed by their path and by each of their segments. So a CSV import of
 * n lines costs about n lookups, not n tables of n rules: 10,000 pattern lines are planned in well
 * under a second (`npm run bench -- --redirects`), where each line once compiled every other rule.
 */
import {
  isPattern,
  localPath,
  RedirectTable,
  withoutSlash,
  type RedirectRule,
} from '../../../lib/redirect-rules'
import { WORKER_ADDRESSES } from '../../../lib/worker-addresses'
import type { RedirectRefusal } from '../../../schemas/admin-outcomes'

/** Addresses the worker answers besides the pages and posts (derived from what it mounts): a rule may take none of them, nor anything under them. */
export { WORKER_ADDRESSES }

/** A worker address and a path under it: a pattern that takes either is refused. */
const RESERVED = WORKER_ADDRESSES.flatMap((address) => [address, `${address}/x`])

export type RedirectRefusalOf = { code: RedirectRefusal; offer?: RedirectRule; other?: string }

const segmentsOf = (path: string) => path.split('/').slice(1)

/** The served and reserved addresses, as one set and by first segment (a pattern that starts with one takes only those). */
interface Addresses {
  all: Set<string>
  byHead: Map<string, string[]>
}
const addressesOf = new WeakMap<string[], Addresses>()

function addresses(served: string[]): Addresses {
  const known = addressesOf.get(served)
  if (known) return known
  const all = new Set([...served, ...RESERVED].map(withoutSlash))
  const byHead = new Map<string, string[]>()
  for (const path of all) {
    const head = segmentsOf(path)[0]!
    byHead.set(head, [...(byHead.get(head) ?? []), path])
  }
  const made = { all, byHead }
  addressesOf.set(served, made)
  return made
}

/** Whether a rule's `from` takes an address the site serves: one lookup for a path, the paths it could take for a pattern. */
function takesServed(from: string, served: string[], takes: (path: string) => boolean): boolean {
  const { all, byHead } = addresses(served)
  if (!isPattern(from)) return all.has(from)
  const head = segmentsOf(from)[0]!
  const fixed = !head.startsWith(':') && head !== '*'
  return (fixed ? (byHead.get(head) ?? []) : [...all]).some(takes)
}

/** The rules a new one joins, in the order they were first saved or taken, ready to check it. */
export class RuleSet<R extends RedirectRule = RedirectRule> {
  private readonly rules = new Map<string, R>()
  private readonly table = new RedirectTable<R>([])
  /** A rule's local target (without query or fragment) → the `from`s that send there. */
  private readonly byTarget = new Map<string, Set<string>>()
  /** `position/segment` of a local target → the `from`s whose target has that segment there. */
  private readonly bySegment = new Map<string, Set<string>>()
  /** A local target's number of segments → the `from`s whose target has that many. */
  private readonly byLength = new Map<number, Set<string>>()
  private readonly order = new Map<string, number>()

  constructor(rules: Iterable<R> = []) {
    for (const rule of rules) this.set(rule)
  }

  get(from: string): R | undefined {
    return this.rules.get(from)
  }

  /** Adds a rule, or puts it in the place of the one with its `from`. */
  set(rule: R): void {
    const before = this.rules.get(rule.from)
    if (before) this.index(before, false)
    else this.order.set(rule.from, this.order.size)
    this.rules.set(rule.from, rule)
    this.table.set(rule)
    this.index(rule, true)
  }

  /** Why `rule` cannot join these rules (bar the one with its own `from`) on a site that serves `served`. */
  check(rule: RedirectRule, served: string[]): RedirectRefusalOf | null {
    const alone = new RedirectTable([{ from: rule.from, to: '/', status: 301 }])
    const takes = (path: string) => alone.match(path) !== null
    const under = (address: string) => rule.from === address || rule.from.startsWith(`${address}/`)
    if (WORKER_ADDRESSES.some(under) || takesServed(rule.from, served, takes)) return { code: 'served' }
    const target = localPath(rule.to)?.replace(/:[a-z][a-z0-9_]*/g, 'x')
    if (target === undefined || target === null) return null
    if (takes(target)) return { code: 'loop' }
    // The rule with `rule.from` itself is never the match: had it taken the target, that was a loop.
    const next = this.table.match(target)
    if (next) {
      if (takes(localPath(next.location) ?? '')) return { code: 'loop', other: next.rule.from }
      return { code: 'chain', offer: { ...rule, to: next.location }, other: next.rule.from }
    }
    if (isPattern(rule.from)) {
      const fed = this.inOrder(this.candidates(rule.from)).find(
        (from) => from !== rule.from && takes(localPath(this.rules.get(from)!.to)!),
      )
      if (fed) return { code: 'pattern-chain', other: fed }
    }
    return null
  }

  /** The rules (bar `from`'s own) that send to `from`, in order: a new rule there re-points them. */
  feeding(from: string): R[] {
    return this.inOrder(this.byTarget.get(from) ?? [])
      .filter((other) => other !== from)
      .map((other) => this.rules.get(other)!)
  }

  /**
   * The `from`s whose local target a pattern might take: those with its first fixed segment in
   * the same place, or with as many segments when it has none (and every one for a pattern of
   * only names ending in `*`, which the served check mostly refuses first).
   */
  private candidates(pattern: string): Iterable<string> {
    const segments = segmentsOf(pattern)
    const fixed = segments.findIndex((segment) => !segment.startsWith(':') && segment !== '*')
    if (fixed >= 0) return this.bySegment.get(`${fixed}/${segments[fixed]}`) ?? []
    if (!pattern.endsWith('*')) return this.byLength.get(segments.length) ?? []
    return [...this.rules.keys()].filter((from) => localPath(this.rules.get(from)!.to) !== null)
  }

  private inOrder(froms: Iterable<string>): string[] {
    return [...froms].sort((a, b) => this.order.get(a)! - this.order.get(b)!)
  }

  private index(rule: R, add: boolean): void {
    const target = localPath(rule.to)
    if (target === null) return
    const keyed = <K>(map: Map<K, Set<string>>, key: K) => {
      const set = map.get(key) ?? new Set<string>()
      if (add) set.add(rule.from)
      else set.delete(rule.from)
      map.set(key, set)
    }
    keyed(this.byTarget, target)
    const segments = segmentsOf(target)
    keyed(this.byLength, segments.length)
    segments.forEach((segment, i) => keyed(this.bySegment, `${i}/${segment}`))
  }
}

/** Why `rule` cannot join `others` on a site that serves `served`, or null if it can. */
export function checkAgainst(
  rule: RedirectRule,
  others: RedirectRule[],
  served: string[],
): RedirectRefusalOf | null {
  return new RuleSet(others).check(rule, served)
}
