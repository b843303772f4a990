/**
 * The test command on any machine: it finds a browser or stops at once saying how to get one,
 * and no test reads a developer's .dev.vars.
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { browserPath, findBrowser, NO_BROWSER, NO_JAVA, testBrowserPath } from '../support/browser-path'
import { isolatedBindings } from '../support/test-bindings'

const root = join(import.meta.dirname, '../..')

describe('the browser lookup', () => {
  afterEach(() => vi.unstubAllEnvs())

  it('takes CHROME_PATH first, and refuses one that does not exist', () => {
    vi.stubEnv('CHROME_PATH', process.execPath)
    expect(findBrowser()).toEqual({ path: process.execPath })
    vi.stubEnv('CHROME_PATH', '/nonexistent/chrome')
    expect(findBrowser()).toEqual({
      problem: `CHROME_PATH=/nonexistent/chrome does not exist. ${NO_BROWSER}`,
    })
  })

  it('drives the browser tests in the headless shell when it is installed, unless CHROME_PATH names another', () => {
    vi.stubEnv('CHROME_PATH', '')
    expect(testBrowserPath(process.execPath)).toBe(process.execPath)
    expect(testBrowserPath('/nonexistent/chromium-headless-shell')).toBe(browserPath())
    vi.stubEnv('CHROME_PATH', process.execPath)
    expect(testBrowserPath('/bin/sh')).toBe(process.execPath)
  })

  it('says how to get a browser, with no stack trace, on a machine that has none and no CHROME_PATH', () => {
    vi.stubEnv('CHROME_PATH', '')
    const launcherThatFindsNone = () => {
      // What chrome-launcher's Launcher.getInstallations() does on Linux with no Chrome at all.
      throw Object.assign(new Error('CHROME_PATH environment variable must be set'), {
        code: 'ERR_LAUNCHER_PATH_NOT_SET',
      })
    }
    expect(findBrowser(launcherThatFindsNone, '/nonexistent/chromium')).toEqual({ problem: NO_BROWSER })
    expect(findBrowser(() => [], '/nonexistent/chromium')).toEqual({ problem: NO_BROWSER })
  })

  it('stops with one line naming the fix on a machine without Java (the HTML checker runs it)', () => {
    // A PATH holding only node: no java on it.
    const bin = mkdtempSync(join(tmpdir(), 'xr-no-java-'))
    symlinkSync(process.execPath, join(bin, 'node'))
    const run = spawnSync(join(bin, 'node'), ['scripts/check-browser.ts'], {
      cwd: root,
      env: { PATH: bin, CHROME_PATH: process.execPath } as unknown as NodeJS.ProcessEnv,
      encoding: 'utf8',
      timeout: 10_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr.trim().split('\n')).toEqual([NO_JAVA])
  })

  it('stops `npm run test:e2e` before the build with one line when CHROME_PATH points nowhere', () => {
    const run = spawnSync('npm', ['run', '--silent', 'test:e2e'], {
      cwd: root,
      env: { ...process.env, CHROME_PATH: '/nonexistent' },
      encoding: 'utf8',
      // A hang guard, not a speed check: npm and Node start in about a second, but npm test runs this
      // at nice 10 beside the browser and worker tests, and on a loaded machine it took over 10 s.
      // Without the check Vitest would start and build: its RUN line, or this guard, fails the test.
      timeout: 60_000,
    })
    expect(run.signal, 'still running after 60 s').toBeNull()
    expect(run.status).toBe(1)
    expect(
      run.stderr
        .trim()
        .split('\n')
        .filter((line) => !line.startsWith('npm warn')),
    ).toEqual([`CHROME_PATH=/nonexistent does not exist. ${NO_BROWSER}`])
    expect(run.stdout).not.toContain('RUN') // vitest never started, nothing was built
  })
})

describe('the tests’ variables', () => {
  it('override every key a developer’s .dev.vars or .env sets: with wrangler.toml’s value, else unset', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dev-vars-'))
    copyFileSync(join(root, 'wrangler.toml'), join(dir, 'wrangler.toml'))
    writeFileSync(
      join(dir, '.dev.vars'),
      'ALERT_WEBHOOK_URL=https://hooks.slack.com/services/REAL\nFIREBASE_AUTH="real-secret"\nCONTACT_DAILY_EMAIL_CAP=5\n',
    )
    writeFileSync(join(dir, '.env.local'), 'export ACCESS_AUD=real-aud\n')
    writeFileSync(join(dir, '.dev.vars.example'), 'EXAMPLE_ONLY=1\n')
    expect(isolatedBindings({ ADMIN_PASSWORD: 'test-password' }, dir)).toEqual({
      ALERT_WEBHOOK_URL: '',
      FIREBASE_AUTH: '',
      CONTACT_DAILY_EMAIL_CAP: '100',
      ACCESS_AUD: '',
      ADMIN_PASSWORD: 'test-password',
    })
  })
})
