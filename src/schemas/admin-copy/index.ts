/**
 * Shape of the admin console's copy (content/admin): its navigation, the words of each page, the
 * notices a post answers with (a fixed set, chosen by the `?notice=` after the redirect), and
 * words for every refusal code and role.
 */
import { z } from 'zod'
import { PART_NAMES } from '../../lib/console-parts'
import { toolsCopy } from './editor-tools'
import { experimentsCopy } from './experiments'
import { landingCopy } from './landing'
import { pagesCopy } from './pages'
import { peopleCopy } from './people'
import { redirectsCopy } from './redirects'
import { studioCopy } from './studio'
import { text, words } from './words'

export { adminNoticeSchema, type AdminNotice } from './words'

export const adminCopySchema = z.strictObject({
  /** The navigation: its label, the menu button, and each part's name (lib/console-parts.ts). */
  nav: words('label', 'menu', ...PART_NAMES),
  /** Around every console page: the console's name, who is signed in, Sign out, the way back. */
  frame: words('brand', 'signedInAs', 'signOut', 'site', 'skip'),
  /** Shown for a field that has no value. */
  empty: text,
  /** Instead of a part of a page whose data could not be read. */
  unreadable: text,
  /** The banner while leads wait for an admin: dead or held ones, and those stuck in flight a day. */
  waiting: words('title', 'dead', 'held', 'accepted', 'sending', 'retrying', 'text', 'stuckText'),
  counts: words('title', 'caption', 'status', 'today', 'week', 'month'),
  ...peopleCopy,
  ...pagesCopy,
  ...studioCopy,
  ...landingCopy,
  ...redirectsCopy,
  ...experimentsCopy,
  ...toolsCopy,
})
export type AdminCopy = z.infer<typeof adminCopySchema>
