import { describe, expect, it } from 'vitest'

describe('toolchain', () => {
  it('runs on Node 22 or later (from the node devDependency), as wrangler and miniflare need', () => {
    const major = Number(process.versions.node.split('.')[0])
    expect(major).toBeGreaterThanOrEqual(22)
  })
})
