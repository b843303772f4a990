/**
 * Who a visitor is today, with no cookie (issue 21): a SHA-256 of (IPv4 address or IPv6 /64, user
 * agent, host) with a salt that changes every UTC day and is deleted after it, so no visitor can be
 * followed from one day to the next. The view count (traffic/services/traffic.ts) counts by it, and an
 * experiment (experiments/services/experiments.ts) assigns its arm by it, at the render and at the contact door.
 */
import { clientKey, networkKey } from '../../../lib/client-key'
import { toHex } from '../../../lib/hex'
import { ok, type Result } from '../../../lib/result'
import type { TrafficStore } from '../storage/traffic'

/**
 * A visitor of `day`, by its hash; the client it came from (address or IPv6 /64); and the day's
 * salted hash of its network (address or IPv6 /48), which an experiment bounds exposures by.
 */
export type Visitor = { day: string; visitor: string; client: string; network: string }

/** This isolate's copy of the latest day's salt, and the hashes it made that day. */
export interface VisitorMemory {
  /**
   * The latest day's salt, read from the store once per isolate and day rather than per write
   * (a view written to Analytics Engine would otherwise cost a D1 call). Replaced by the next
   * day's, and dropped by the fold; it is never written anywhere. The value, not the pending
   * read, is kept: a promise of one request is not awaited by another.
   */
  salt?: { day: string; value: string }
  /**
   * The day's visitor hashes made here, by what they are made of: a visitor's next view (its
   * count, an experiment's arm) costs a lookup, not a SHA-256. Memory only, emptied with the
   * day's salt or at VISITORS_KEPT.
   */
  visitors: Map<string, string>
}

const VISITORS_KEPT = 10_000

/** What a visitor hash is made of: the client, its user agent, the host; and the UTC day of `now`. */
export function identityOf(headers: Headers, url: URL, now: number) {
  const client = clientKey(headers.get('CF-Connecting-IP') ?? undefined)
  const identity = `${client}\n${headers.get('User-Agent') ?? ''}\n${url.host}`
  return { day: new Date(now).toISOString().slice(0, 10), client, identity }
}

export class Visitors {
  constructor(
    private readonly store: Pick<TrafficStore, 'salt'>,
    private readonly memory: VisitorMemory,
    private readonly now: () => number,
  ) {}

  /** The visitor a request comes from today. */
  async visitorOf(headers: Headers, url: URL): Promise<Result<Visitor>> {
    const { day, client, identity } = identityOf(headers, url, this.now())
    const salt = await this.saltOf(day)
    if (!salt.ok) return salt
    const visitor = await this.hashOf(salt.value, day, identity)
    // One line, where an identity has three: the two hashes never meet in the memory.
    const network = await this.hashOf(
      salt.value,
      day,
      networkKey(headers.get('CF-Connecting-IP') ?? undefined),
    )
    return ok({ day, client, visitor, network })
  }

  /** The visitor hash of `identity` on `day`, made once per isolate. */
  async hashOf(salt: string, day: string, identity: string): Promise<string> {
    const { visitors } = this.memory
    const key = `${day}\n${identity}`
    const known = visitors.get(key)
    if (known) return known
    if (visitors.size >= VISITORS_KEPT) visitors.clear()
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}\n${identity}`))
    const made = toHex(digest).slice(0, 32)
    visitors.set(key, made)
    return made
  }

  /** The salt of `day`: this isolate's copy when it is that day's, else the store's. */
  async saltOf(day: string): Promise<Result<string>> {
    const { memory } = this
    if (memory.salt?.day === day) return ok(memory.salt.value)
    const read = await this.store.salt(day)
    // Only the latest day is kept: a view of yesterday written after midnight does not replace today's.
    if (read.ok && day > (memory.salt?.day ?? '')) memory.visitors.clear()
    if (read.ok && day >= (memory.salt?.day ?? '')) memory.salt = { day, value: read.value }
    return read
  }

  /** After the fold: the salts and hashes of days before `today` are gone here too. */
  forgetBefore(today: string): void {
    if (this.memory.salt && this.memory.salt.day < today) {
      this.memory.salt = undefined
      this.memory.visitors.clear()
    }
  }
}
