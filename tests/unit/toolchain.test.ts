import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')

/** The workerd package that `from` (a package name) loads through its own miniflare. */
function workerdOf(from: string): { version: string; path: string } {
  const miniflare = createRequire(join(root, 'node_modules', from, 'package.json')).resolve('miniflare')
  const workerdJson = createRequire(miniflare).resolve('workerd/package.json')
  const { version } = JSON.parse(readFileSync(workerdJson, 'utf8')) as { version: string }
  return { version, path: dirname(workerdJson) }
}

describe('toolchain', () => {
  it('runs on Node 22 or later (from the node devDependency), as wrangler and miniflare need', () => {
    const major = Number(process.versions.node.split('.')[0])
    expect(major).toBeGreaterThanOrEqual(22)
  })

  it('locks one workerd runtime: one version of workerd and of its Linux binary', () => {
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string }>
    }
    const versions = (name: string) =>
      Object.entries(lock.packages)
        .filter(([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`))
        .map(([, entry]) => entry.version)
    expect(versions('workerd')).toHaveLength(1)
    expect(versions('@cloudflare/workerd-linux-64')).toEqual(versions('workerd'))
  })

  it('runs dev (vite plugin), the worker tests (vitest plugin) and preview (wrangler) on that same workerd', () => {
    const dev = workerdOf('@cloudflare/vite-plugin')
    const tests = workerdOf('@cloudflare/vitest-plugin')
    const preview = workerdOf('wrangler')
    expect(tests).toEqual(dev)
    expect(preview).toEqual(dev)
  })

  it('uses the newest compatibility date that runtime supports', async () => {
    const { compatibilityDate } = (await import('workerd')) as { compatibilityDate: string }
    const toml = readFileSync(join(root, 'wrangler.toml'), 'utf8')
    expect(/^compatibility_date = "([\d-]+)"/m.exec(toml)?.[1]).toBe(compatibilityDate)
  })
})
