/**
 * The console's one-time secrets (migrations/0005): invitations, stored as the SHA-256 of the
 * link's token, and WebAuthn challenges between their options and the answer. Both are taken
 * with one guarded statement, so each works once however many requests race for it.
 */
import type { Result } from '../../../lib/result'
import type { PendingInvitation } from '../../../schemas/admin-records'
import type { Role } from '../../../schemas/roles'
import { attempt, changed, changedOne } from '../../platform'

export interface InvitationRecord {
  name: string
  role: Role
  /** A translator's locales, comma-separated (null for every other role: migrations/0051). */
  locales?: string | null
  invitedBy: string
  createdAt: string
  expiresAt: string
  usedAt: string | null
}

export type ChallengePurpose = 'sign-in' | 'add-passkey' | 'invitation'

export class SignInTokens {
  constructor(private readonly db: D1Database) {}

  invite(tokenHash: string, invitation: Omit<InvitationRecord, 'usedAt'>): Promise<Result<void>> {
    return attempt('invitation not stored', async () => {
      await this.db
        .prepare(
          'INSERT INTO invitations (token_hash, name, role, invited_by, created_at, expires_at, locales) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .bind(
          tokenHash,
          invitation.name,
          invitation.role,
          invitation.invitedBy,
          invitation.createdAt,
          invitation.expiresAt,
          invitation.locales ?? null,
        )
        .run()
    })
  }

  invitation(tokenHash: string): Promise<Result<InvitationRecord | null>> {
    return attempt('invitation not read', () =>
      this.db
        .prepare(
          `SELECT name, role, locales, invited_by AS invitedBy, created_at AS createdAt, expires_at AS expiresAt,
             used_at AS usedAt
           FROM invitations WHERE token_hash = ?`,
        )
        .bind(tokenHash)
        .first<InvitationRecord>(),
    )
  }

  /** Uses the invitation up: true for the one caller that took it unused and unexpired. */
  redeem(tokenHash: string, now: string): Promise<Result<boolean>> {
    return changedOne('invitation not redeemed', () =>
      this.db
        .prepare(
          'UPDATE invitations SET used_at = ?1 WHERE token_hash = ?2 AND used_at IS NULL AND expires_at > ?1',
        )
        .bind(now, tokenHash),
    )
  }

  /** Invitations that can still be used, newest first. */
  pendingInvitations(now: string): Promise<Result<PendingInvitation[]>> {
    return attempt('invitations not read', async () => {
      const { results } = await this.db
        .prepare(
          `SELECT token_hash AS id, name, role, invited_by AS invitedBy, created_at AS createdAt,
             expires_at AS expiresAt
           FROM invitations WHERE used_at IS NULL AND expires_at > ? ORDER BY created_at DESC`,
        )
        .bind(now)
        .all<PendingInvitation>()
      return results
    })
  }

  /** Revokes one pending invitation (it ends now); false when it was used or had ended. */
  revokeInvitation(tokenHash: string, now: string): Promise<Result<boolean>> {
    return changedOne('invitation not revoked', () =>
      this.db
        .prepare(
          'UPDATE invitations SET expires_at = ?1 WHERE token_hash = ?2 AND used_at IS NULL AND expires_at > ?1',
        )
        .bind(now, tokenHash),
    )
  }

  /** Revokes every pending invitation `invitedBy` made (they are being removed); how many. */
  revokeInvitationsBy(invitedBy: string, now: string): Promise<Result<number>> {
    return changed('invitations not revoked', () =>
      this.db
        .prepare(
          'UPDATE invitations SET expires_at = ?1 WHERE invited_by = ?2 AND used_at IS NULL AND expires_at > ?1',
        )
        .bind(now, invitedBy),
    )
  }

  /** Invitations that can no longer be used are kept a week (the team page lists them), then deleted. */
  deleteOldInvitations(before: string): Promise<Result<number>> {
    return changed('old invitations not deleted', () =>
      this.db.prepare('DELETE FROM invitations WHERE expires_at <= ?').bind(before),
    )
  }

  saveChallenge(challenge: string, purpose: ChallengePurpose, subject: string | null, expiresAt: string) {
    return attempt('challenge not stored', async () => {
      await this.db
        .prepare(
          'INSERT INTO webauthn_challenges (challenge, purpose, subject, expires_at) VALUES (?, ?, ?, ?)',
        )
        .bind(challenge, purpose, subject, expiresAt)
        .run()
    })
  }

  /** Challenges whose five minutes have passed, unanswered. */
  deleteExpiredChallenges(now: string): Promise<Result<number>> {
    return changed('expired challenges not deleted', () =>
      this.db.prepare('DELETE FROM webauthn_challenges WHERE expires_at <= ?').bind(now),
    )
  }

  /**
   * Takes a challenge for `purpose` once: its subject (an admin id or invitation hash, or '' for
   * none), or null when it was never issued, was taken already, or has expired.
   */
  takeChallenge(challenge: string, purpose: ChallengePurpose, now: string): Promise<Result<string | null>> {
    return attempt('challenge not read', async () => {
      const [taken] = await this.db.batch<{ subject: string | null }>([
        this.db
          .prepare(
            'DELETE FROM webauthn_challenges WHERE challenge = ? AND purpose = ? AND expires_at > ? RETURNING subject',
          )
          .bind(challenge, purpose, now),
        this.db.prepare('DELETE FROM webauthn_challenges WHERE expires_at <= ?').bind(now),
      ])
      const row = taken!.results[0]
      return row ? (row.subject ?? '') : null
    })
  }
}
