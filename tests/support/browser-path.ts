/**
 * Which Chrome or Chromium the browser tests and tools drive: CHROME_PATH when set (and it must
 * exist), else the system's installed Chrome or Chromium as chrome-launcher finds it on Linux,
 * macOS and Windows, else Debian's /usr/bin/chromium.
 */
import { existsSync } from 'node:fs'
import { Launcher } from 'chrome-launcher'

const DEBIAN_CHROMIUM = '/usr/bin/chromium'

export const NO_BROWSER =
  'No Chrome or Chromium found: install one (Debian/Ubuntu: `apt-get install chromium`; macOS/Windows: Google Chrome) or set CHROME_PATH to its executable.'

export function findBrowser(): { path: string } | { problem: string } {
  const chosen = process.env.CHROME_PATH?.trim()
  if (chosen) {
    return existsSync(chosen)
      ? { path: chosen }
      : { problem: `CHROME_PATH=${chosen} does not exist. ${NO_BROWSER}` }
  }
  const installed = Launcher.getInstallations().find((path) => existsSync(path))
  if (installed) return { path: installed }
  return existsSync(DEBIAN_CHROMIUM) ? { path: DEBIAN_CHROMIUM } : { problem: NO_BROWSER }
}

/** The browser's path, or an error that says how to get one. */
export function browserPath(): string {
  const found = findBrowser()
  if ('problem' in found) throw new Error(found.problem)
  return found.path
}
