import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')

interface LockEntry {
  version?: string
  dependencies?: Record<string, string>
}
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>
}

/** A version's numbers (1.20261117.1 → [1, 20261117, 1]), from an exact version or a range's floor. */
const numbersOf = (spec: string) => (/(\d+)\.(\d+)\.(\d+)/.exec(spec) ?? []).slice(1).map(Number)

/** Whether version `a` is older than version `b`. */
function isOlder(a: string, b: string): boolean {
  const [x, y] = [numbersOf(a), numbersOf(b)]
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! < y[i]!
  return false
}

/** The workerd each installed tool (wrangler, the Vite and Vitest plugins, their miniflares) declares. */
function declaredWorkerd(): { tool: string; spec: string }[] {
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path.startsWith('node_modules/') && entry.dependencies?.workerd)
    .map(([path, entry]) => ({
      tool: path.replace(/^node_modules\//, ''),
      spec: entry.dependencies!.workerd!,
    }))
}

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

  it('locks a workerd no older than what any installed tool declares, so an upgrade cannot pin an older runtime', () => {
    const locked = lock.packages['node_modules/workerd']!.version!
    const declared = declaredWorkerd()
    expect(declared.map(({ tool }) => tool)).toEqual(
      expect.arrayContaining(['wrangler', 'miniflare', '@cloudflare/vite-plugin']),
    )
    const newer = declared.filter(({ spec }) => isOlder(locked, spec))
    expect(newer, `workerd ${locked} is older than these tools declare`).toEqual([])
  })

  it('compares versions by their numbers (the guard above can fail)', () => {
    expect(isOlder('1.20261012.1', '1.20261117.1')).toBe(true)
    expect(isOlder('1.20261117.1', '^1.20261102.0')).toBe(false)
    expect(isOlder('1.20261117.1', '1.20261117.1')).toBe(false)
  })

  it('uses a compatibility date no later than that runtime supports', async () => {
    const { compatibilityDate } = (await import('workerd')) as { compatibilityDate: string }
    const toml = readFileSync(join(root, 'wrangler.toml'), 'utf8')
    const date = /^compatibility_date = "([\d-]+)"/m.exec(toml)?.[1]
    expect(date).toMatch(/^\d{4}-\d\d-\d\d$/)
    expect(date! <= compatibilityDate, `${date} is after ${compatibilityDate}`).toBe(true)
  })
})

describe('the tools', () => {
  // They import src/ modules (form tokens, routes) through Node's own type stripping, which needs
  // type-only imports or explicit .ts extensions: a plain import there breaks `npm run load`.
  const libs = ['scripts/lib', 'bench/lib'].flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.mjs'))
      .map((name) => `${dir}/${name}`),
  )
  // Plain Node imports them one after another and reports each one's error (a process each took
  // 39 CPU-seconds, most of it starting Node and loading the same dependencies again). A lib that
  // changes how Node resolves modules (registerHooks) gets a process of its own, so it cannot make
  // a later lib's bad import pass.
  const changesResolution = (path: string) =>
    /\bregisterHooks\b|\bregister\(/.test(readFileSync(path, 'utf8'))
  const loaded = new Map<string, { error: string | null }>()
  const importEach = (paths: string[]) => {
    // What a lib writes to stderr while it loads counts against it when it names an Error.
    const script = `const report = {}
      let current = null
      const write = process.stderr.write.bind(process.stderr)
      process.stderr.write = (chunk, ...rest) => {
        if (current && /Error/.test(String(chunk))) report[current] ??= String(chunk)
        return write(chunk, ...rest)
      }
      for (const path of ${JSON.stringify(paths)}) {
        current = path
        try { await import('./' + path) }
        catch (error) { report[path] ??= String(error && error.stack || error) }
        report[path] ??= null
      }
      current = null
      process.stdout.write(JSON.stringify(report))`
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })
    expect(run.status, run.stderr).toBe(0)
    for (const [path, error] of Object.entries(JSON.parse(run.stdout) as Record<string, string | null>))
      loaded.set(path, { error })
  }
  beforeAll(() => {
    importEach(libs.filter((path) => !changesResolution(path)))
    for (const path of libs.filter(changesResolution)) importEach([path])
  }, 60_000)
  it.each(libs)('%s loads in plain Node', (path) => {
    expect(loaded.get(path)).toEqual({ error: null })
  })
})
