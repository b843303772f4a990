/**
 * Private copies of the production build for one tool run. Building (or copying an existing
 * build) happens under /tmp/xr-build.lock, as every dist/ writer must; afterwards the tool serves
 * its copies, so other engineers may rebuild dist/ while a long audit or benchmark is running.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export const BUILD_LOCK = '/tmp/xr-build.lock'
const WORKER_DIR = 'xr_stores_site'

/**
 * @typedef {{ dir: string, client: string, config: string, manifest: string, remove: () => void }} Snapshot
 * @typedef {{ name: string, env?: Record<string, string> }} Variant
 */

/**
 * Builds each variant in turn (the last one is left in dist/, so put the normal build last) and
 * copies it away, all under one hold of the build lock.
 * @param {Variant[]} variants
 * @param {{ build?: boolean }} options `build: false` copies the current dist/ (one variant only).
 * @returns {Record<string, Snapshot>}
 */
export function snapshotBuilds(variants, { build = true } = {}) {
  if (!build && variants.length > 1) throw new Error('--no-build measures the current dist/ only')
  /** @type {Record<string, Snapshot>} */
  const snapshots = {}
  const steps = []
  for (const variant of variants) {
    const dir = mkdtempSync(join(tmpdir(), `xr-tools-${variant.name}-`))
    // A production build whatever the caller's NODE_ENV (vitest, for one, sets it to "test").
    const env = Object.entries({ NODE_ENV: 'production', ...variant.env })
      .map(([key, value]) => `${key}='${value}' `)
      .join('')
    if (build) steps.push(`${env}node_modules/.bin/vite build --logLevel warn`)
    steps.push(`cp -r dist/client dist/${WORKER_DIR} '${dir}/'`)
    const config = join(dir, WORKER_DIR, 'wrangler.json')
    snapshots[variant.name] = {
      dir,
      client: join(dir, 'client'),
      config,
      manifest: join(dir, 'client', '.vite', 'manifest.json'),
      remove: () => rmSync(dir, { recursive: true, force: true }),
    }
  }
  const names = variants.map((v) => v.name).join(', ')
  console.error(
    build ? `• vite build: ${names} (waiting for the build lock)…` : '• copying dist/ (build lock)…',
  )
  execFileSync('flock', [BUILD_LOCK, 'sh', '-c', steps.join(' && ')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  for (const snapshot of Object.values(snapshots)) {
    if (!existsSync(snapshot.config))
      throw new Error(`no worker build in ${resolve('dist')}; run without --no-build`)
  }
  return snapshots
}

/**
 * The normal production build.
 * @param {{ build?: boolean }} options
 * @returns {Snapshot}
 */
export function snapshotBuild(options = {}) {
  const { site } = snapshotBuilds([{ name: 'site' }], options)
  if (!site) throw new Error('no snapshot')
  return site
}
