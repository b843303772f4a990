/** The shape of the editor's bar and outline words, and of the after-an-action words (content/admin/editor-tools.ts). */
import { z } from 'zod'
import { adminNoticeSchema, metaSchema, text, words } from './words'

const notices = <K extends string>(...keys: readonly K[]) =>
  z.strictObject(
    Object.fromEntries(keys.map((key) => [key, adminNoticeSchema])) as Record<K, typeof adminNoticeSchema>,
  )

export const toolsCopy = {
  tools: z.strictObject({
    bar: words('label', 'save', 'preview', 'publish', 'parts', 'newHint'),
    outline: words('title', 'hint', 'sections'),
    copy: words('copy', 'share', 'done', 'failed', 'openReview', 'newTab'),
    join: z.strictObject({
      ...words('role', 'what', 'passkey', 'stuck', 'failed').shape,
      tries: z.array(text).min(1),
    }),
    live: words('title', 'text', 'label', 'open'),
    unpublish: z.strictObject({
      meta: metaSchema,
      ...words('heading', 'text', 'redirect', 'redirectHint', 'confirm', 'keep').shape,
      /** A post's question: no redirect is offered (Redirects makes one). */
      post: z.strictObject({ meta: metaSchema, ...words('heading', 'text').shape }),
    }),
    move: words('label', 'hint', 'button', 'fixed'),
    notices: notices(
      'pageMoved',
      'pageMovedDraft',
      'pageMoveRepository',
      'pageMoveInvalid',
      'pageMoveTaken',
      'unpublishedRedirected',
    ),
  }),
}
