/**
 * The README's map stays true: every service the composition root builds (the `Services`
 * interface of src/server/app-env.ts) is in its services table, and nothing else is; the files its
 * recipes name exist; and the README stays short enough to read (the rest is in docs/).
 */
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PERMISSIONS, ROLES } from '../../src/schemas/roles'

const readme = readFileSync('README.md', 'utf8')
const appEnv = readFileSync('src/server/app-env.ts', 'utf8')

/** The members of `interface Services { … }`, as written: `wing.service`, a wing's group holding its services. */
function servicesBuilt(): string[] {
  const body = /export interface Services \{([\s\S]*?)\n\}/.exec(appEnv)?.[1] ?? ''
  let wing = ''
  return body.split('\n').flatMap((line) => {
    const group = /^ {2}(\w+): \{$/.exec(line)
    if (group) wing = group[1]!
    const member = /^ {4}(\w+)\??:/.exec(line)
    return member ? [`${wing}.${member[1]}`] : []
  })
}

/** The first column of the README's services table. */
function servicesMapped(): string[] {
  const table = readme.slice(readme.indexOf('**The services**'), readme.indexOf('**Imports go one way**'))
  return [...table.matchAll(/^\| `([\w.]+)` +\|/gm)].map((match) => match[1]!)
}

describe('the README', () => {
  it('names every service the root builds, and no other', () => {
    expect(servicesBuilt().length).toBeGreaterThan(10)
    expect(servicesMapped().sort()).toEqual(servicesBuilt().sort())
  })

  it('shows the role table as the code has it', () => {
    const section = readme.slice(readme.indexOf("## The console's roles"), readme.indexOf('## Architecture'))
    const shown = Object.fromEntries(
      [...section.matchAll(/^\| `([\w-]+)`[^|]*\|([^\n]*)\|\s*$/gm)].map((row) => [
        row[1]!,
        row[2]!
          .split('|')
          .map((cell, i) => (cell.includes('✓') ? ROLES[i] : undefined))
          .filter(Boolean),
      ]),
    )
    expect(shown).toEqual(
      Object.fromEntries(Object.entries(PERMISSIONS).map(([action, roles]) => [action, [...roles]])),
    )
  })

  it('names files that exist in its recipes and map', () => {
    const section = readme.slice(readme.indexOf('## Architecture'))
    const paths = [...section.matchAll(/`((?:src|tests|scripts|bench|docs)\/[\w./-]+)`/g)].map((m) => m[1]!)
    expect(paths.length).toBeGreaterThan(15)
    for (const path of paths) expect(existsSync(path.replace(/<[^>]+>.*$/, '')), path).toBe(true)
  })

  it('links documents that exist', () => {
    for (const [, path] of readme.matchAll(/\]\((docs\/[\w.-]+\.md)\)/g))
      expect(existsSync(path!), path).toBe(true)
  })

  it('stays about 300 lines, the rest in docs/', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(320)
  })
})
