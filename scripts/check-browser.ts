/**
 * The first step of `npm test` and `npm run test:e2e`: stops at once, with one line saying what
 * to do, when the machine lacks what the browser tests need (rather than failing halfway through
 * them with a stack trace): a Chrome or Chromium, and a Java runtime for the W3C HTML checker
 * (vnu-jar runs `java`).
 */
import { spawnSync } from 'node:child_process'
import { findBrowser, NO_JAVA } from '../tests/support/browser-path.ts'

const found = findBrowser()
if ('problem' in found) {
  console.error(found.problem)
  process.exit(1)
}
const java = spawnSync('java', ['-version'], { stdio: 'ignore' })
if (java.error || java.status !== 0) {
  console.error(NO_JAVA)
  process.exit(1)
}
