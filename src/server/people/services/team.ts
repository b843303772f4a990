/**
 * The console's team: named admins, each with one role (schemas/roles.ts), their passkeys, and
 * invitations. An invitation is a one-time link (24 hours, single use, stored only as a hash)
 * that lets a named person register a passkey and join with the role it names. No change may
 * leave the console without an admin who can sign in: the password admin can while password
 * sign-in is on (and is always an admin), anyone else only with a passkey.
 */
import { randomHex, sha256Hex } from '../../../lib/hex'
import { ok, refuse, type Result } from '../../../lib/result'
import type { TeamRefusal } from '../../../schemas/admin-outcomes'
import { PERMISSIONS, type Role } from '../../../schemas/roles'
import type { AdminRecord, AdminStore, PasskeyRecord } from '../storage/admins'
import type { InvitationRecord, SignInTokens } from '../storage/sign-in-tokens'

const INVITATION_TTL_MS = 24 * 60 * 60 * 1000
export const MAX_NAME_LENGTH = 80

export type TeamMember = AdminRecord & { passkeys: PasskeyRecord[]; canSignIn: boolean; password: boolean }

/** A change the team must survive: an admin gone, a passkey gone, or an admin with another role. */
interface Change {
  adminId: string
  passkeyId?: string
  role?: Role
}

export class Team {
  constructor(
    private readonly admins: AdminStore,
    private readonly tokens: SignInTokens,
    /** The password admin's name while password sign-in is on; undefined when it is off. */
    private readonly passwordAdmin: string | undefined,
    /** The password admin's name whether or not the password is set: no invitation may take it. */
    private readonly reservedName: string,
    /** Ends the share links a person made (studio/services/share-links.ts): they leave, or may no longer share. */
    private readonly endSharesBy: (name: string) => Promise<Result<unknown>>,
  ) {}

  /** One admin by id (a passkey names its admin). */
  member(id: string): Promise<Result<AdminRecord | null>> {
    return this.admins.get(id)
  }

  /**
   * Whether `id` is the password admin's (while password sign-in is on): only their browser gets a
   * guessing allowance of its own. Unread counts as no, the side that refuses sooner.
   */
  async isPasswordAdmin(id: string): Promise<boolean> {
    if (this.passwordAdmin === undefined) return false
    const admin = await this.admins.get(id)
    return admin.ok && admin.value?.name === this.passwordAdmin
  }

  /** The password admin's record, made on their first sign-in. */
  passwordSignIn(name: string, now = new Date()): Promise<Result<AdminRecord>> {
    return this.admins.ensure(name, now.toISOString())
  }

  /** Everyone, with their passkeys; the password admin is an admin whatever their row says. */
  async members(): Promise<Result<TeamMember[]>> {
    const list = await this.admins.list()
    if (!list.ok) return list
    return ok(
      list.value.map((admin) => {
        const password = admin.name === this.passwordAdmin
        const role: Role = password ? 'admin' : admin.role
        return { ...admin, role, password, canSignIn: password || admin.passkeys.length > 0 }
      }),
    )
  }

  /** One person with their passkeys (their account page), or null when there is no such admin. */
  async memberWithPasskeys(id: string): Promise<Result<TeamMember | null>> {
    const [admin, passkeys] = await Promise.all([this.admins.get(id), this.admins.passkeysOf(id)])
    if (!admin.ok) return admin
    if (!passkeys.ok) return passkeys
    if (!admin.value) return ok(null)
    const password = admin.value.name === this.passwordAdmin
    const role: Role = password ? 'admin' : admin.value.role
    return ok({
      ...admin.value,
      role,
      password,
      passkeys: passkeys.value,
      canSignIn: password || passkeys.value.length > 0,
    })
  }

  /** Whether an admin could still sign in after `change`. */
  private async adminRemains(change: Change): Promise<Result<boolean>> {
    const members = await this.members()
    if (!members.ok) return members
    if (this.passwordAdmin && members.value.every((m) => m.name !== this.passwordAdmin)) return ok(true)
    return ok(
      members.value.some((member) => {
        const changed = member.id === change.adminId
        if (changed && change.passkeyId === undefined && change.role === undefined) return false
        const role = changed && change.role ? change.role : member.role
        const keys = member.passkeys.filter((key) => key.id !== change.passkeyId)
        return role === 'admin' && (member.password || keys.length > 0)
      }),
    )
  }

  /** Refuses a change that would leave no admin who can sign in. */
  private async unlessLastAdmin(change: Change): Promise<Result<true, TeamRefusal>> {
    const remains = await this.adminRemains(change)
    if (!remains.ok) return remains
    return remains.value ? ok(true) : refuse('last-one')
  }

  /** Removes another admin, never the password admin, yourself, or the last admin who can sign in. */
  async remove(adminId: string, by: { id?: string }): Promise<Result<boolean, TeamRefusal>> {
    if (adminId === by.id) return refuse('yourself')
    const admin = await this.admins.get(adminId)
    if (!admin.ok || !admin.value) return admin.ok ? ok(false) : admin
    if (admin.value.name === this.passwordAdmin) return refuse('password-admin')
    const allowed = await this.unlessLastAdmin({ adminId })
    if (!allowed.ok) return allowed
    const removed = await this.admins.remove(adminId, this.passwordAdmin)
    if (!removed.ok) return removed
    // Checked above, refused by the statement itself: another change took the other admin meanwhile.
    if (!removed.value) return refuse('last-one')
    // No way back in: the links they sent but nobody used yet end with them, and so do their share links.
    const shares = await this.endSharesBy(admin.value.name)
    if (!shares.ok) return shares
    return this.endInvitationsBy(admin.value.name, removed)
  }

  /** Invitations that can still be used, newest first. */
  pendingInvitations(now = Date.now()) {
    return this.tokens.pendingInvitations(new Date(now).toISOString())
  }

  /** Ends one pending invitation now; false when it was used or had ended already. */
  revokeInvitation(id: string, now = Date.now()) {
    return this.tokens.revokeInvitation(id, new Date(now).toISOString())
  }

  /** Gives someone another role, never the password admin, and never the last admin's. */
  async changeRole(
    adminId: string,
    role: Role,
    locales: string | null = null,
  ): Promise<Result<boolean, TeamRefusal>> {
    const admin = await this.admins.get(adminId)
    if (!admin.ok || !admin.value) return admin.ok ? ok(false) : admin
    if (admin.value.name === this.passwordAdmin) return refuse('password-admin')
    if (admin.value.role === role && (admin.value.locales ?? null) === locales) return ok(true)
    const allowed = await this.unlessLastAdmin({ adminId, role })
    if (!allowed.ok) return allowed
    const changed = await this.admins.setRole(adminId, role, this.passwordAdmin, locales)
    if (!changed.ok) return changed
    if (!changed.value) return refuse('last-one')
    // A role that may not edit pages may not share their drafts: the links it made end (review U10).
    if (!(PERMISSIONS.content as readonly Role[]).includes(role)) {
      const shares = await this.endSharesBy(admin.value.name)
      if (!shares.ok) return shares
    }
    if (admin.value.role !== 'admin') return changed
    // Only an admin invites: the links a demoted admin sent but nobody used yet end, as on removal.
    return this.endInvitationsBy(admin.value.name, changed)
  }

  /** Revokes the pending invitations `name` sent; `done` when that worked. */
  private async endInvitationsBy<T>(name: string, done: Result<T>): Promise<Result<T>> {
    const revoked = await this.tokens.revokeInvitationsBy(name, new Date().toISOString())
    return revoked.ok ? done : revoked
  }

  /** Removes one of your passkeys, unless no admin could sign in without it. */
  async removePasskey(adminId: string, passkeyId: string): Promise<Result<boolean, TeamRefusal>> {
    const yours = await this.admins.passkeysOf(adminId)
    if (!yours.ok) return yours
    if (!yours.value.some((key) => key.id === passkeyId)) return ok(false)
    const allowed = await this.unlessLastAdmin({ adminId, passkeyId })
    if (!allowed.ok) return allowed
    const removed = await this.admins.removePasskey(adminId, passkeyId, this.passwordAdmin)
    return removed.ok && !removed.value ? refuse('last-one') : removed
  }

  /** A new invitation for `name` with `role`: the token for its link, shown once and never stored. */
  async invite(
    invitee: { name: string; role: Role; locales?: string | null },
    by: string,
    now = Date.now(),
  ): Promise<Result<{ token: string; expiresAt: string }, TeamRefusal>> {
    // A name is one person's, in any case: an admin's, the password admin's, or a waiting invitation's.
    const name = invitee.name.toLowerCase()
    if (name === this.reservedName.toLowerCase()) return refuse('name-taken')
    const [existing, pending] = await Promise.all([
      this.admins.nameTaken(invitee.name),
      this.tokens.pendingInvitations(new Date(now).toISOString()),
    ])
    if (!existing.ok) return existing
    if (!pending.ok) return pending
    if (existing.value || pending.value.some((invitation) => invitation.name.toLowerCase() === name))
      return refuse('name-taken')
    const token = randomHex(32)
    const expiresAt = new Date(now + INVITATION_TTL_MS).toISOString()
    const stored = await this.tokens.invite(await sha256Hex(token), {
      ...invitee,
      invitedBy: by,
      createdAt: new Date(now).toISOString(),
      expiresAt,
    })
    return stored.ok ? ok({ token, expiresAt }) : stored
  }

  /** The invitation a link's token names, if it can still be used. */
  async openInvitation(
    token: string,
    now = Date.now(),
  ): Promise<Result<(InvitationRecord & { hash: string }) | null>> {
    const hash = await sha256Hex(token)
    const invitation = await this.tokens.invitation(hash)
    if (!invitation.ok) return invitation
    const usable =
      invitation.value && !invitation.value.usedAt && Date.parse(invitation.value.expiresAt) > now
    return ok(usable ? { ...invitation.value!, hash } : null)
  }

  /**
   * Makes the invited person an admin with the invitation's role and their first passkey: the
   * invitation is used up first (one winner, however many tabs race), then the admin and the
   * passkey are stored.
   */
  async join(
    invitation: InvitationRecord & { hash: string },
    adminId: string,
    passkey: Pick<PasskeyRecord, 'id' | 'publicKey' | 'counter' | 'transports' | 'label'>,
  ): Promise<Result<AdminRecord, TeamRefusal>> {
    const now = new Date().toISOString()
    const redeemed = await this.tokens.redeem(invitation.hash, now)
    if (!redeemed.ok) return redeemed
    if (!redeemed.value) return refuse('invitation-gone')
    const { name, role, invitedBy, locales } = invitation
    const added = await this.admins.add({ id: adminId, name, role, invitedBy, locales }, now)
    if (!added.ok) return added
    if (!added.value) return refuse('name-taken')
    const stored = await this.admins.addPasskey({ ...passkey, adminId, createdAt: now })
    return stored.ok ? ok(added.value) : stored
  }

  /** Invitations that expired before `before` (the team page no longer needs them). */
  forgetOldInvitations(before: Date) {
    return this.tokens.deleteOldInvitations(before.toISOString())
  }

  /** Adds a verified passkey to a signed-in admin. */
  addPasskey(
    adminId: string,
    passkey: Pick<PasskeyRecord, 'id' | 'publicKey' | 'counter' | 'transports' | 'label'>,
  ) {
    return this.admins.addPasskey({ ...passkey, adminId, createdAt: new Date().toISOString() })
  }
}
