/**
 * The deploy guard (scripts/deploy-guard.ts, the first step of `npm run deploy`) stops a
 * production deploy whose worker lacks an EmailJS secret, naming each one missing: leads would
 * otherwise retry until dead. The worker's secrets come from a stand-in `wrangler` on PATH.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')
const EMAILJS = ['EMAILJS_PUBLIC_KEY', 'EMAILJS_PRIVATE_KEY', 'EMAILJS_SERVICE_ID', 'EMAILJS_TEMPLATE_ID']
const dirs: string[] = []

/** The guard's lines, with a `wrangler` whose `secret list` prints `secrets` (or fails with `failure`). */
function guard(args: string[], wrangler: { secrets: string[] } | { failure: string }) {
  const bin = mkdtempSync(join(tmpdir(), 'xr-deploy-guard-'))
  dirs.push(bin)
  const answer =
    'secrets' in wrangler
      ? `echo '${JSON.stringify(wrangler.secrets.map((name) => ({ name, type: 'secret_text' })))}'`
      : `echo '✘ [ERROR] ${wrangler.failure}' >&2; exit 1`
  writeFileSync(join(bin, 'wrangler'), `#!/bin/sh\necho "$*" >> "${bin}/asked"\n${answer}\n`)
  chmodSync(join(bin, 'wrangler'), 0o755)
  const run = spawnSync(process.execPath, ['scripts/deploy-guard.ts', ...args], {
    cwd: root,
    env: { PATH: `${bin}:${dirname(process.execPath)}` } as unknown as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: 10_000,
  })
  const log = join(bin, 'asked')
  const asked = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []
  return { status: run.status, lines: run.stderr.trim().split('\n'), asked }
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('the deploy guard', () => {
  it('stops a production deploy without the EmailJS secrets, naming the ones missing', () => {
    const { status, lines, asked } = guard([], { secrets: ['EMAILJS_PUBLIC_KEY', 'ADMIN_PASSWORD'] })
    expect(status).toBe(1)
    expect(asked).toEqual(['secret list --format json'])
    expect(lines).toContain(
      'Set the EmailJS secrets EMAILJS_PRIVATE_KEY, EMAILJS_SERVICE_ID, EMAILJS_TEMPLATE_ID on the worker with `npx wrangler secret put NAME`: leads are e-mailed through EmailJS (LEAD_DELIVERY = "emailjs").',
    )
  })

  it('names them all, and why, when the worker’s secrets cannot be read (a first deploy, no login)', () => {
    const { lines } = guard([], { failure: 'This Worker does not exist on your account.' })
    const line = lines.find((l) => l.startsWith('Set the EmailJS secrets'))
    expect(line).toContain(EMAILJS.join(', '))
    expect(line).toMatch(/\(wrangler secret list: This Worker does not exist on your account\.\)\.$/)
  })

  it('says nothing of them when all are set', () => {
    const { lines } = guard([], { secrets: EMAILJS })
    expect(lines.filter((l) => l.includes('EMAILJS'))).toEqual([])
    // The placeholders of this repository's wrangler.toml still stop it.
    expect(lines).toContain('See docs/deploy.md.')
  })

  it('does not ask for them for staging, which keeps leads in its outbox', () => {
    const { lines, asked } = guard(['--env', 'staging'], { secrets: [] })
    expect(asked).toEqual([])
    expect(lines.filter((l) => l.includes('EMAILJS'))).toEqual([])
  })
})
