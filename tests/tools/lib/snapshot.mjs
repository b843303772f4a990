/**
 * A private copy of the production build for one tool run. The build (or the copy of an existing
 * one) happens under /tmp/xr-build.lock, as every dist/ writer must; afterwards the tool serves
 * its copy, so other engineers may rebuild dist/ while a long audit or benchmark is running.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export const BUILD_LOCK = '/tmp/xr-build.lock'
const WORKER_DIR = 'xr_stores_site'

/**
 * @param {{ build?: boolean }} options `build: false` reuses the current dist/ (still copied under the lock).
 * @returns {{ dir: string, client: string, config: string, manifest: string, remove: () => void }}
 */
export function snapshotBuild({ build = true } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'xr-tools-build-'))
  const copy = `cp -r dist/client dist/${WORKER_DIR} '${dir}/'`
  const script = build ? `node_modules/.bin/vite build --logLevel warn && ${copy}` : copy
  console.error(build ? '• vite build (waiting for the build lock)…' : '• copying dist/ (build lock)…')
  execFileSync('flock', [BUILD_LOCK, 'sh', '-c', script], { stdio: ['ignore', 'inherit', 'inherit'] })
  const config = join(dir, WORKER_DIR, 'wrangler.json')
  if (!existsSync(config)) throw new Error(`no worker build in ${resolve('dist')}; run without --no-build`)
  return {
    dir,
    client: join(dir, 'client'),
    config,
    manifest: join(dir, 'client', '.vite', 'manifest.json'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}
