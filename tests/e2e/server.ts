/**
 * The production worker and EmailJS stand-in of the vitest worker running this test file
 * (tests/e2e/global-setup.ts starts one pair per worker).
 */
import { inject } from 'vitest'

const servers = inject('e2eServers')
const mine = servers[Number(process.env.VITEST_POOL_ID ?? '1') - 1]
if (!mine) throw new Error(`no e2e server for VITEST_POOL_ID ${process.env.VITEST_POOL_ID}`)

/** This file's worker, e.g. http://127.0.0.1:40123 */
export const baseUrl = mine.baseUrl
/** This file's EmailJS stand-in. */
export const emailjsUrl = mine.emailjsUrl
/** This file's worker's local state (its D1 database is a SQLite file in it). */
export const stateDir = mine.state
