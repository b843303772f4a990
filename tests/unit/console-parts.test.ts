/**
 * The console's parts are one registry (src/lib/console-parts.ts): a part added there shows in the
 * navigation of the roles its action allows, in its place, and its words become required.
 */
import { describe, expect, expectTypeOf, it } from 'vitest'
import { adminCopy } from '../../src/content/admin'
import { ADMIN_PATHS } from '../../src/lib/admin-links'
import { CONSOLE_PARTS, type AdminPart, type ConsolePart } from '../../src/lib/console-parts'
import { navFor } from '../../src/pages/admin/AdminFrame'
import type { AdminCopy } from '../../src/schemas/admin-words'
import { ROLES } from '../../src/schemas/roles'

/** A part as a developer would add it: one row, naming an action of the role table. */
const REPORTS = { part: 'reports', path: '/admin/reports', action: 'team' } satisfies ConsolePart
const withReports = [...CONSOLE_PARTS.slice(0, 3), REPORTS, ...CONSOLE_PARTS.slice(3)]
const words = { ...adminCopy.nav, reports: 'Reports' }

const labels = (role: (typeof ROLES)[number], parts: readonly ConsolePart[] = CONSOLE_PARTS) =>
  navFor(role, parts, words).items.map((item) => item.label)

describe('the console parts registry', () => {
  it('shows an added part to the roles its action allows, in its place, at its address', () => {
    const admin = navFor('admin', withReports, words).items
    expect(admin[3]).toEqual({ href: '/admin/reports', label: 'Reports' })
    expect(admin.map((item) => item.label)).toEqual([
      ...labels('admin').slice(0, 3),
      'Reports',
      ...labels('admin').slice(3),
    ])
    // The team's action is the admin's alone.
    expect(labels('editor', withReports)).toEqual(labels('editor'))
    expect(labels('sales', withReports)).toEqual(labels('sales'))
  })

  it('gives every part its address in ADMIN_PATHS and its name in the navigation', () => {
    for (const { part, path } of CONSOLE_PARTS) {
      expect(ADMIN_PATHS[part]).toBe(path)
      expect(adminCopy.nav[part]).toMatch(/\S/)
    }
    expect(labels('admin')).toHaveLength(CONSOLE_PARTS.length)
  })

  it('requires the words of every part: the copy without one is refused (by the type checker)', () => {
    // content/admin/nav.ts `satisfies Record<'label' | 'menu' | AdminPart, string>`: so the nav's
    // words name every part, and a nav without any one part's name is not the console's nav.
    expectTypeOf<AdminCopy['nav']>().toEqualTypeOf<Record<'label' | 'menu' | AdminPart, string>>()
    type Refused = {
      [Part in AdminPart]: Omit<AdminCopy['nav'], Part> extends AdminCopy['nav'] ? Part : never
    }
    expectTypeOf<Refused[AdminPart]>().toBeNever()
    for (const { part } of CONSOLE_PARTS) expect(Object.keys(adminCopy.nav), part).toContain(part)
  })
})
