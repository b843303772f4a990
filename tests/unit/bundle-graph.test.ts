/**
 * The deploy check's entry count (scripts/bundle-size.mjs, issue 58): the entry and every chunk it
 * imports statically, recursively, and not a chunk only a dynamic import() loads. Built here as a
 * tiny bundle of temp files, then counted by the function and by the script itself.
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { eagerFiles } from '../../scripts/lib/bundle-graph.mjs'

const dir = mkdtempSync(join(tmpdir(), 'bundle-graph-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Minified-looking chunks, as the bundler writes them: no spaces around `from`. */
const FILES: Record<string, string> = {
  'index.js':
    'import{a as t}from"./assets/a.js";import"./assets/side.js";import{env as e}from"cloudflare:workers";' +
    'export{c}from"./assets/c.js";const l=()=>import("./assets/lazy.js");export default{fetch:()=>t(e,l)};',
  'assets/a.js': 'import{b}from"./nested/b.js";export const a=(x)=>b(x);',
  'assets/nested/b.js': 'import{a}from"../a.js";export const b=(x)=>x&&a;',
  'assets/side.js': 'globalThis.side=1;',
  'assets/c.js': 'export*from"./d.js";export const c=1;',
  'assets/d.js': 'export const d=2;',
  'assets/lazy.js': 'import{only}from"./lazy-only.js";export default only;',
  // Random hex, so it weighs kilobytes gzipped: counted in the entry, it would show.
  'assets/lazy-only.js': `export const only="${randomBytes(4096).toString('hex')}";`,
}
for (const [file, code] of Object.entries(FILES)) {
  mkdirSync(join(dir, file, '..'), { recursive: true })
  writeFileSync(join(dir, file), code)
}
const EAGER = [
  'index.js',
  'assets/a.js',
  'assets/nested/b.js',
  'assets/side.js',
  'assets/c.js',
  'assets/d.js',
]

describe('the worker entry count', () => {
  it('follows static imports and re-exports, recursively and through a cycle, but not import()', () => {
    expect(eagerFiles(dir, 'index.js').sort()).toEqual([...EAGER].sort())
  })

  it('is what bundle-size.mjs reports as the entry', () => {
    const gzip = (files: string[]) =>
      files.reduce((sum, file) => sum + gzipSync(Buffer.from(FILES[file]!), { level: 9 }).length, 0)
    const run = spawnSync(process.execPath, ['scripts/bundle-size.mjs', dir], { encoding: 'utf8' })
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout).toContain(`(${Object.keys(FILES).length} files)`)
    expect(run.stdout).toContain(`entry ${(gzip(EAGER) / 1024).toFixed(1)} KiB gzip in ${EAGER.length} files`)
  })
})
