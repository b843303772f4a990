/**
 * The console's team: named admins, their passkeys, and invitations. An invitation is a one-time
 * link (24 hours, single use, stored only as a hash) that lets a named person register a passkey
 * and become an admin. No change may leave the console with nobody who can sign in: the password
 * admin can while password sign-in is on, anyone else only with a passkey.
 */
import { randomHex, sha256Hex } from '../../lib/hex'
import { ok, refuse, type Result } from '../../lib/result'
import type { TeamRefusal } from '../../schemas/admin-outcomes'
import type { AdminRecord, AdminStore, PasskeyRecord } from '../storage/admins'
import type { InvitationRecord, SignInTokens } from '../storage/sign-in-tokens'

export const INVITATION_TTL_MS = 24 * 60 * 60 * 1000
export const MAX_NAME_LENGTH = 80
export const MAX_LABEL_LENGTH = 60

export type TeamMember = AdminRecord & { passkeys: PasskeyRecord[]; canSignIn: boolean; password: boolean }

export class Team {
  constructor(
    private readonly admins: AdminStore,
    private readonly tokens: SignInTokens,
    /** The password admin's name while password sign-in is on; undefined when it is off. */
    private readonly passwordAdmin: string | undefined,
  ) {}

  /** One admin by id (a passkey names its admin). */
  member(id: string): Promise<Result<AdminRecord | null>> {
    return this.admins.get(id)
  }

  /** The password admin's record, made on their first sign-in. */
  passwordSignIn(name: string, now = new Date()): Promise<Result<AdminRecord>> {
    return this.admins.ensure(name, now.toISOString())
  }

  async members(): Promise<Result<TeamMember[]>> {
    const list = await this.admins.list()
    if (!list.ok) return list
    return ok(
      list.value.map((admin) => {
        const password = admin.name === this.passwordAdmin
        return { ...admin, password, canSignIn: password || admin.passkeys.length > 0 }
      }),
    )
  }

  /** Whether someone could still sign in without `admin` (or without one of their passkeys). */
  private async someoneElseCanSignIn(without: {
    adminId: string
    passkeyId?: string
  }): Promise<Result<boolean, TeamRefusal>> {
    const members = await this.members()
    if (!members.ok) return members
    if (this.passwordAdmin && members.value.every((m) => m.name !== this.passwordAdmin)) return ok(true)
    return ok(
      members.value.some((member) => {
        if (member.id === without.adminId && without.passkeyId === undefined) return false
        const keys = member.passkeys.filter((key) => key.id !== without.passkeyId)
        return member.password || keys.length > 0
      }),
    )
  }

  /** Removes another admin, never the password admin, yourself, or the last who can sign in. */
  async remove(adminId: string, by: { id?: string }): Promise<Result<boolean, TeamRefusal>> {
    if (adminId === by.id) return refuse('yourself')
    const admin = await this.admins.get(adminId)
    if (!admin.ok || !admin.value) return admin.ok ? ok(false) : admin
    if (admin.value.name === this.passwordAdmin) return refuse('password-admin')
    const others = await this.someoneElseCanSignIn({ adminId })
    if (!others.ok) return others
    if (!others.value) return refuse('last-one')
    return this.admins.remove(adminId)
  }

  /** Removes one of your passkeys, unless nobody could sign in without it. */
  async removePasskey(adminId: string, passkeyId: string): Promise<Result<boolean, TeamRefusal>> {
    const yours = await this.admins.passkeysOf(adminId)
    if (!yours.ok) return yours
    if (!yours.value.some((key) => key.id === passkeyId)) return ok(false)
    const others = await this.someoneElseCanSignIn({ adminId, passkeyId })
    if (!others.ok) return others
    if (!others.value) return refuse('last-one')
    return this.admins.removePasskey(adminId, passkeyId)
  }

  /** A new invitation for `name`: the token for its link, shown once and never stored. */
  async invite(
    name: string,
    by: string,
    now = Date.now(),
  ): Promise<Result<{ token: string; expiresAt: string }, TeamRefusal>> {
    const existing = await this.admins.byName(name)
    if (!existing.ok) return existing
    if (existing.value) return refuse('name-taken')
    const token = randomHex(32)
    const expiresAt = new Date(now + INVITATION_TTL_MS).toISOString()
    const stored = await this.tokens.invite(await sha256Hex(token), {
      name,
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
   * Makes the invited person an admin with their first passkey: the invitation is used up first
   * (one winner, however many tabs race), then the admin and the passkey are stored.
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
    const added = await this.admins.add(adminId, invitation.name, invitation.invitedBy, now)
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
