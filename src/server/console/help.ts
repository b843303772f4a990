import { Hono } from 'hono'
import { CONSOLE_PARTS } from '../../lib/console-parts'
import type { ConsoleAction } from '../../schemas/roles'
import { helpPage } from '../../pages/admin/HelpPage'
import type { AppEnv } from '../app-env'
import { allow } from '../people/middleware/permission'
import { adminFrame, mayDo } from '../people/render/admin-frame'

/** /admin/help: the guide's sections for the parts this person's role may use. */
export const adminHelp = new Hono<AppEnv>()

adminHelp.get('/', allow('overview'), async (c) => {
  const parts = CONSOLE_PARTS.map((row) => row)
    .filter((row) => mayDo(c, row.action as ConsoleAction))
    .flatMap((row) => (row.part === 'help' ? [] : [row.part]))
  return c.render(helpPage({ ...(await adminFrame(c)), parts }))
})
