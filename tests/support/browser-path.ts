/**
 * Which Chrome or Chromium the browser tests and tools drive: CHROME_PATH when set (and it must
 * exist), else the system's installed Chrome or Chromium as chrome-launcher finds it on Linux,
 * macOS and Windows, else Debian's /usr/bin/chromium.
 */
import { existsSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { Launcher } from 'chrome-launcher'

const DEBIAN_CHROMIUM = '/usr/bin/chromium'
/**
 * Debian's chromium-headless-shell: the same engine without the browser around it (no window, no
 * tab strip, no WebUI renderers, a lighter profile per context). Measured on this machine, a fresh
 * context's load of / costs 1.4 CPU-seconds in it against 2.7 in the full browser, and /about-us
 * 0.2 against 1.1; the browser tests use it when it is there (docs/measurements-log.md).
 */
export const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

/** Where `name` is on PATH, as `command -v` finds it (.ci/install-browser looks the same way). */
export function onPath(name: string): string | undefined {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, name))
    .find((path) => existsSync(path))
}

export const NO_BROWSER =
  'No Chrome or Chromium found: install one (Debian/Ubuntu: `apt-get install chromium`; macOS/Windows: Google Chrome) or set CHROME_PATH to its executable.'

/** chrome-launcher's list of installed browsers; on Linux it throws when it finds none at all. */
function installedBrowsers(): string[] {
  try {
    return Launcher.getInstallations()
  } catch {
    return []
  }
}

/** The W3C HTML checker (vnu-jar) in the browser tests runs `java`; scripts/check-browser.ts says this without one. */
export const NO_JAVA =
  'No Java runtime found: the HTML checker in the browser tests runs `java` (Debian/Ubuntu: `apt-get install default-jre-headless`; macOS: `brew install openjdk`; Windows: use WSL 2).'

export function findBrowser(
  installations: () => string[] = installedBrowsers,
  debianChromium = DEBIAN_CHROMIUM,
): { path: string } | { problem: string } {
  const chosen = process.env.CHROME_PATH?.trim()
  if (chosen) {
    return existsSync(chosen)
      ? { path: chosen }
      : { problem: `CHROME_PATH=${chosen} does not exist. ${NO_BROWSER}` }
  }
  let installed: string | undefined
  try {
    installed = installations().find((path) => existsSync(path))
  } catch {
    installed = undefined
  }
  if (installed) return { path: installed }
  return existsSync(debianChromium) ? { path: debianChromium } : { problem: NO_BROWSER }
}

/** The browser's path, or an error that says how to get one. */
export function browserPath(): string {
  const found = findBrowser()
  if ('problem' in found) throw new Error(found.problem)
  return found.path
}

/**
 * What the Playwright browser tests drive: CHROME_PATH when set, else the headless shell when
 * installed (on PATH, or Debian's path), else the browser; .ci/install-browser prints the same
 * choice. Tools that need a whole browser (Lighthouse, the prerendering test and bench,
 * screenshots) keep browserPath().
 */
export function testBrowserPath(
  headlessShell = onPath('chromium-headless-shell') ?? DEBIAN_HEADLESS_SHELL,
): string {
  if (!process.env.CHROME_PATH?.trim() && existsSync(headlessShell)) return headlessShell
  return browserPath()
}
