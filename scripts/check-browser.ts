/**
 * The first step of `npm test` and `npm run test:e2e`: stops at once, with one line saying what
 * to do, when no Chrome or Chromium can be found (rather than failing halfway through the browser
 * tests with a stack trace).
 */
import { findBrowser } from '../tests/support/browser-path.ts'

const found = findBrowser()
if ('problem' in found) {
  console.error(found.problem)
  process.exit(1)
}
