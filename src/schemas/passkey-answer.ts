/**
 * What the passkey script posts with the authenticator's answer, to sign in, to accept an
 * invitation or to add a passkey: checked for shape and size here; SimpleWebAuthn checks the rest.
 */
import { z } from 'zod'

export const passkeyAnswer = z.object({
  response: z.looseObject({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: z.string().min(1).max(8192) }),
  }),
  /** The name a new passkey is listed under. */
  label: z.string().trim().max(60).optional(),
  /** Where a sign-in goes next (lib/admin-links.ts safeNext decides). */
  next: z.string().max(2048).optional(),
})

/** The JSON body of a passkey post, parsed; a body that is not JSON fails like a wrong one. */
export async function readPasskeyAnswer(request: { json: () => Promise<unknown> }) {
  return passkeyAnswer.safeParse(await request.json().catch(() => undefined))
}
