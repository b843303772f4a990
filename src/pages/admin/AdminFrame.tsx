import type { ReactNode } from 'react'
import { AdminShell } from '../../components/admin/AdminShell'
import { FactList } from '../../components/admin/FactList'
import { WaitingBanner } from '../../components/admin/WaitingBanner'
import { adminCopy as copy } from '../../content/admin'
import { guide } from '../../content/admin/guide'
import { ADMIN_PATHS } from '../../lib/admin-links'
import { CONSOLE_PARTS, type AdminPart, type ConsolePart } from '../../lib/console-parts'
import type { AdminNotice } from '../../schemas/admin-words'
import type { WaitingLeads } from '../../schemas/admin-records'
import type { PageModule } from '../../schemas/page-module'
import { may, type ConsoleAction, type Role } from '../../schemas/roles'

/** What every console page shows around its own sections. */
export interface AdminFrame {
  /** Who is signed in (the console's header names them beside Sign out). */
  who: string
  /** Their role: the navigation shows only what it may use. */
  role: Role
  /** The outcome of the post that redirected here. */
  notice?: AdminNotice
  /** Leads waiting for an admin; null when they could not be counted. */
  waiting: WaitingLeads | null
}

/**
 * The navigation of a role: the parts it may use, in the registry's order (lib/console-parts.ts).
 * The parts and their words are arguments, so a test can add a part and see it here.
 */
export const navFor = (
  role: Role,
  parts: readonly ConsolePart[] = CONSOLE_PARTS,
  words: Record<string, string> = copy.nav,
) => ({
  label: copy.nav.label,
  menu: copy.nav.menu,
  items: parts
    .filter((row) => may(role, row.action as ConsoleAction))
    .map((row) => ({ href: row.path, label: words[row.part] ?? row.part })),
})

type PageText = { meta: { title: string; description: string }; heading: string }

const BRAND = { label: copy.frame.brand, href: ADMIN_PATHS.overview }
const SITE = { label: copy.frame.site, href: '/' }

/**
 * A console page: noindex, in the console's document, with its navigation (the parts the role may
 * use; `part` is the current one, if the page is one of them), account and banner.
 */
export function adminPage(
  part: AdminPart | undefined,
  text: PageText,
  frame: AdminFrame,
  body: ReactNode,
): PageModule {
  const banner = frame.waiting ? <WaitingBanner waiting={frame.waiting} copy={copy.waiting} /> : null
  const account = { who: frame.who, signOutAction: ADMIN_PATHS.signOut, words: copy.frame }
  return {
    meta: { ...text.meta, noindex: true, console: true },
    Page: () => (
      <AdminShell
        brand={BRAND}
        site={SITE}
        nav={navFor(frame.role)}
        current={part && ADMIN_PATHS[part]}
        account={account}
        heading={text.heading}
        help={
          part && part !== 'help'
            ? { label: guide.linkLabel, href: `${ADMIN_PATHS.help}#${part}` }
            : undefined
        }
        notice={frame.notice}
        banner={banner}
      >
        {body}
      </AdminShell>
    ),
  }
}

/** A console page for someone not signed in (sign-in, invitation): the frame without navigation. */
export function signedOutPage(text: PageText, body: ReactNode, notice?: AdminNotice): PageModule {
  return {
    meta: { ...text.meta, noindex: true, console: true },
    Page: () => (
      <AdminShell brand={BRAND} site={SITE} heading={text.heading} notice={notice}>
        {body}
      </AdminShell>
    ),
  }
}

/** A part of a page whose data may not have been readable: the part, or a line that says so. */
export function readable<T>(value: T | null, render: (value: T) => ReactNode): ReactNode {
  return value === null ? <p className="admin-unreadable">{copy.unreadable}</p> : render(value)
}

/** Label and value pairs, a missing value shown as the console's empty mark. */
export const factList = (facts: [label: string, value: ReactNode][]) => (
  <FactList facts={facts} empty={copy.empty} />
)
