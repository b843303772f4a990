/**
 * .ci/run's first step (.ci/install-browser) on GitHub's Ubuntu runner and on Debian, against a
 * stand-in system: `apt-cache`, `apt-get` and `id` are shell stubs on PATH, `apt-cache` knowing only
 * the packages the system has and `apt-get` recording what it was asked and "installing" a package
 * as a stub executable. The step must pass where a package is missing, and choose the browser the
 * tests' own lookup (tests/support/browser-path.ts) chooses.
 */
import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testBrowserPath } from '../support/browser-path'

const root = join(import.meta.dirname, '../..')
const dirs: string[] = []

/** The executable each package puts on PATH. */
const EXECUTABLE: Record<string, string> = {
  chromium: 'chromium',
  'chromium-headless-shell': 'chromium-headless-shell',
  'default-jre-headless': 'java',
}

function stub(path: string, body: string) {
  writeFileSync(path, `#!/bin/sh\n${body}\n`)
  chmodSync(path, 0o755)
}

/** A system whose package index has `packages` and on which `installed` are already on PATH. */
function system({
  packages,
  installed,
  env = {},
}: {
  packages: string[]
  installed: string[]
  env?: Record<string, string>
}) {
  const dir = mkdtempSync(join(tmpdir(), 'xr-ci-install-'))
  dirs.push(dir)
  const bin = join(dir, 'bin')
  const log = join(dir, 'apt-get.log')
  mkdirSync(bin)
  for (const name of installed) stub(join(bin, name), 'exit 0')
  stub(join(bin, 'id'), 'echo 0')
  stub(
    join(bin, 'apt-cache'),
    `[ "$1" = show ] || exit 1\ncase " ${packages.join(' ')} " in *" $2 "*) echo "Package: $2"; exit 0;; esac\necho "E: No packages found" >&2; exit 100`,
  )
  const installs = Object.entries(EXECUTABLE)
    .map(
      ([pkg, exe]) =>
        `    ${pkg}) printf '#!/bin/sh\\nexit 0\\n' > "${bin}/${exe}"; chmod 755 "${bin}/${exe}";;`,
    )
    .join('\n')
  stub(
    join(bin, 'apt-get'),
    // As the real one: an install of a package the index lacks fails (exit 100), and installs nothing.
    `echo "$*" >> "${log}"\n[ "$1" = install ] || exit 0\nshift\nfor pkg; do\n  case "$pkg" in -*) ;; *)\n    case " ${packages.join(' ')} " in *" $pkg "*) ;; *) echo "E: Unable to locate package $pkg" >&2; exit 100;; esac;;\n  esac\ndone\nfor pkg; do\n  case "$pkg" in\n${installs}\n  esac\ndone`,
  )
  // The tools the stand-in apt-get and chrome-launcher's lookup use; nothing else of the real system
  // is on PATH (not its java, nor its browsers).
  symlinkSync('/bin/chmod', join(bin, 'chmod'))
  for (const tool of ['which', 'grep', 'awk']) symlinkSync(`/usr/bin/${tool}`, join(bin, tool))
  const run = spawnSync('/bin/bash', ['.ci/install-browser'], {
    cwd: root,
    env: { ...env, PATH: bin } as unknown as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: 10_000,
  })
  return {
    bin,
    run,
    asked: existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [],
  }
}

afterEach(() => {
  vi.unstubAllEnvs()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('.ci/install-browser', () => {
  it('passes on GitHub’s Ubuntu runner, which has Google Chrome and no chromium-headless-shell package, and drives Chrome', () => {
    const { bin, run, asked } = system({
      packages: ['chromium-browser', 'default-jre-headless', 'google-chrome-stable'],
      installed: ['google-chrome'],
    })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toContain('no package chromium-headless-shell here; not installed')
    expect(run.stdout).toContain(`browser tests drive ${bin}/google-chrome`)
    expect(run.stdout).toContain(`java is ${bin}/java`)
    // Never asked for a package the index lacks; Java was missing here and Ubuntu has it.
    expect(asked).toEqual(['update -qq', 'install -y -qq default-jre-headless'])

    // The tests' lookup, on the same system (its PATH, and no headless shell at Debian's path), drives the same browser.
    vi.stubEnv('CHROME_PATH', '')
    vi.stubEnv('PATH', bin)
    expect(testBrowserPath(join(bin, 'no-chromium-headless-shell'))).toBe(`${bin}/google-chrome`)
  })

  it('passes on an Ubuntu without Chrome, where nothing is installable, and says npm test will explain', () => {
    const { run, asked } = system({ packages: ['chromium-browser'], installed: ['java'] })
    expect(run.status).toBe(0)
    expect(run.stdout).toContain('no package chromium here; not installed')
    expect(run.stdout).toContain(
      'no Chrome or Chromium found or installable; npm test will say how to get one',
    )
    expect(asked).toEqual(['update -qq'])
  })

  it('installs Debian’s Chromium, its headless shell and a JRE on a bare Debian, and drives the headless shell', () => {
    const { bin, run, asked } = system({
      packages: ['chromium', 'chromium-headless-shell', 'default-jre-headless'],
      installed: [],
    })
    expect(run.status).toBe(0)
    expect(asked).toEqual([
      'install -y -qq chromium',
      'install -y -qq chromium-headless-shell',
      'install -y -qq default-jre-headless',
    ])
    expect(run.stdout).toContain(`browser tests drive ${bin}/chromium-headless-shell`)

    vi.stubEnv('CHROME_PATH', '')
    vi.stubEnv('PATH', bin)
    expect(testBrowserPath()).toBe(`${bin}/chromium-headless-shell`)
  })

  it('installs no browser when CHROME_PATH names one', () => {
    const { run, asked } = system({
      packages: ['chromium', 'chromium-headless-shell'],
      installed: ['java'],
      env: { CHROME_PATH: '/opt/chrome/chrome' },
    })
    expect(run.status).toBe(0)
    expect(asked).toEqual([])
    expect(run.stdout).toContain('browser tests drive /opt/chrome/chrome (CHROME_PATH)')
  })
})
