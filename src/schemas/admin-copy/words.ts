/** The building blocks of the console's copy schemas: words, page meta, notices. */
import { z } from 'zod'
import { noticeCopySchema } from '../copy'

export const text = z.string().trim().min(1)

/** An object of the named words, each a non-empty string. */
export function words<K extends string>(...keys: readonly K[]) {
  return z.strictObject(Object.fromEntries(keys.map((key) => [key, text])) as Record<K, typeof text>)
}

export const metaSchema = words('title', 'description')

/** A notice after a redirect: a status when the change went through, an alert when not. */
export const adminNoticeSchema = noticeCopySchema.extend({ ok: z.boolean() })
export type AdminNotice = z.infer<typeof adminNoticeSchema>
