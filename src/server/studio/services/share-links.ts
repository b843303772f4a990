/**
 * Share links (issue 45): a landing page's draft, seen as it will look by someone without an
 * account, for 7 days unless revoked. The link holds a random token (256 bits); D1 keeps only its
 * SHA-256, so the console shows a link once, when it is made.
 */
import { randomHex, sha256Hex } from '../../../lib/hex'
import { ok, type Result } from '../../../lib/result'
import type { ShareLink } from '../../../schemas/studio-records'
import type { ShareLinkStore } from '../storage/share-links'

export const SHARE_LINK_DAYS = 7
const DAY_MS = 24 * 60 * 60 * 1000
/** How long an ended link's row stays before the daily job deletes it. */
const ENDED_KEPT_DAYS = 7

export class ShareLinks {
  constructor(
    private readonly store: ShareLinkStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new link to `doc`'s draft: its token (shown once) and the link as kept. */
  async make(doc: string, by: string): Promise<Result<{ token: string; link: ShareLink }>> {
    const token = randomHex(32)
    const link: ShareLink = {
      id: randomHex(8),
      doc,
      madeBy: by,
      madeAt: new Date(this.now()).toISOString(),
      expiresAt: new Date(this.now() + SHARE_LINK_DAYS * DAY_MS).toISOString(),
    }
    const added = await this.store.add(link, await sha256Hex(token))
    return added.ok ? ok({ token, link }) : added
  }

  /** The link a token opens now; null for an unknown, revoked or ended one. */
  async open(token: string): Promise<Result<ShareLink | null>> {
    if (!/^[0-9a-f]{64}$/.test(token)) return ok(null)
    return this.store.open(await sha256Hex(token), new Date(this.now()).toISOString())
  }

  /** The links to `doc` that still open. */
  active(doc: string): Promise<Result<ShareLink[]>> {
    return this.store.active(doc, new Date(this.now()).toISOString())
  }

  /** The daily job: links that ended a week ago or more are deleted (a week in the list's past is enough). */
  forgetEnded(now: Date): Promise<Result<number>> {
    return this.store.deleteEnded(new Date(now.getTime() - ENDED_KEPT_DAYS * DAY_MS).toISOString())
  }

  /**
   * Ends every link a person made (by the name the console signs them in with, as their invitations
   * are): they were removed from the team, or their role may no longer share (review U10).
   */
  endBy(name: string): Promise<Result<number>> {
    return this.store.revokeBy(name, new Date(this.now()).toISOString())
  }

  revoke(doc: string, id: string): Promise<Result<boolean>> {
    return this.store.revoke(doc, id, new Date(this.now()).toISOString())
  }
}
