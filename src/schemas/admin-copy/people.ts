/** The shapes of the console's words about people: access refusals, roles, sign-in, the team, your account, activity. */
import { z } from 'zod'
import { ACCESS_REFUSALS, TEAM_REFUSALS } from '../admin-outcomes'
import { ACTIVITY_ACTIONS } from '../activity'
import { ROLES, type Role } from '../roles'
import { adminNoticeSchema, metaSchema, text, words } from './words'

export const peopleCopy = {
  /** Why the console or the settings API refuses a request: words for every code. */
  access: words(...ACCESS_REFUSALS),
  /** Each role's name, and what it may use in a few words. */
  roles: z.strictObject(
    Object.fromEntries(ROLES.map((role) => [role, words('name', 'note')])) as Record<
      Role,
      ReturnType<typeof words<'name' | 'note'>>
    >,
  ),
  /** The 403 page, and its short form for a CSV or JSON request ({roles}, {who}, {role} filled in). */
  forbidden: z.strictObject({ meta: metaSchema, heading: text, text, ask: text, short: text }),
  /** An Access identity with no role, and whom to ask. */
  noRole: z.strictObject({ meta: metaSchema, heading: text, text, ask: text, nobody: text }),
  account: z.strictObject({
    meta: metaSchema,
    heading: text,
    role: text,
    passkeys: words('title', 'intro', 'label', 'add', 'busy', 'needsScript', 'failed', 'remove', 'none'),
    devices: words(
      'title',
      'intro',
      'thisBrowser',
      'firstUsed',
      'lastUsed',
      'forget',
      'forgetThis',
      'forgetOther',
      'none',
    ),
    everywhere: words('title', 'note', 'submit'),
    notices: z.strictObject({
      passkeyAdded: adminNoticeSchema,
      passkeyRemoved: adminNoticeSchema,
      deviceForgotten: adminNoticeSchema,
      failed: adminNoticeSchema,
      refused: text,
    }),
    access: text,
  }),
  activity: z.strictObject({
    /** Words for every event of the log. */
    actions: words(...ACTIVITY_ACTIONS),
    meta: metaSchema,
    heading: text,
    filter: words('legend', 'person', 'action', 'all', 'submit', 'clear', 'export'),
    table: words('caption', 'when', 'who', 'what', 'subject', 'detail', 'none', 'unknown'),
    older: text,
    newest: text,
    note: text,
  }),
  signIn: z.strictObject({
    meta: metaSchema,
    heading: text,
    form: words('title', 'username', 'password', 'submit'),
    passkey: words('title', 'intro', 'button', 'busy', 'needsScript', 'failed', 'tooMany'),
    /** Why password sign-in is refused or off. */
    refusals: words(
      'wrong',
      'tooMany',
      'guardDown',
      'passwordOff',
      'passwordTooShort',
      'throughAccess',
      'tooLarge',
    ),
    notices: z.strictObject({ signedOut: adminNoticeSchema, signedOutEverywhere: adminNoticeSchema }),
  }),
  team: z.strictObject({
    meta: metaSchema,
    heading: text,
    /** Why a team change was refused: words for every code. */
    refusals: words(...TEAM_REFUSALS),
    members: words(
      'title',
      'caption',
      'name',
      'role',
      'changeRole',
      'passkeys',
      'lastSignIn',
      'actions',
      'you',
      'password',
      'never',
      'noPasskeys',
      'remove',
      'added',
      'lastUsed',
    ),
    invite: words(
      'title',
      'intro',
      'label',
      'role',
      'chooseRole',
      'submit',
      'linkTitle',
      'linkNote',
      'expires',
    ),
    pending: words(
      'title',
      'caption',
      'name',
      'role',
      'invitedBy',
      'expires',
      'actions',
      'revoke',
      'none',
      'note',
    ),
    access: text,
    /** The team's notices; a refusal's notice is titled `refused`, with the refusal's words. */
    notices: z.strictObject({
      removed: adminNoticeSchema,
      roleChanged: adminNoticeSchema,
      invalidRole: adminNoticeSchema,
      invalidName: adminNoticeSchema,
      revoked: adminNoticeSchema,
      failed: adminNoticeSchema,
      refused: text,
    }),
  }),
  invite: z.strictObject({
    meta: metaSchema,
    heading: text,
    intro: text,
    label: text,
    submit: text,
    busy: text,
    needsScript: text,
    failed: text,
    gone: words('heading', 'text'),
  }),
}
