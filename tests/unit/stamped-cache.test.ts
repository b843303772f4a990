/**
 * The one cache of what is read for a content stamp (the site, the redirects, the running
 * experiments): kept while the stamp this location knows has not moved past it, read again when it
 * has or when that stamp could not be read, and while D1 fails the last value known.
 */
import { describe, expect, it } from 'vitest'
import { fail, ok, type Result } from '../../src/lib/result'
import { StampedCache, type Stamped } from '../../src/server/platform/services/stamped-cache'

/** A store whose reads are counted, answering `answers` in turn. */
function store(...answers: Result<Stamped<string>>[]) {
  const reads = { count: 0 }
  const read = async () => answers[Math.min(reads.count++, answers.length - 1)]!
  return { reads, read }
}
const fallback = (reason: string, last: string | undefined) => last ?? `none (${reason})`

describe('StampedCache', () => {
  it('reads once per stamp, and again once the stamp moves past what it holds', async () => {
    const cache = new StampedCache<string>()
    const { reads, read } = store(ok({ stamp: 3, value: 'at 3' }), ok({ stamp: 4, value: 'at 4' }))
    expect(await cache.current(3, read, fallback)).toBe('at 3')
    expect(await cache.current(3, read, fallback)).toBe('at 3')
    expect(await cache.current(2, read, fallback)).toBe('at 3')
    expect(reads.count).toBe(1)
    expect(await cache.current(4, read, fallback)).toBe('at 4')
    expect(reads.count).toBe(2)
    expect(cache.last).toBe('at 4')
  })

  it('reads again when the stamp could not be read', async () => {
    const cache = new StampedCache<string>()
    const { reads, read } = store(ok({ stamp: 1, value: 'first' }), ok({ stamp: 1, value: 'again' }))
    await cache.current(1, read, fallback)
    expect(await cache.current(undefined, read, fallback)).toBe('again')
    expect(reads.count).toBe(2)
  })

  it('falls back to the last value while a read fails, and keeps trying', async () => {
    const cache = new StampedCache<string>()
    const { reads, read } = store(
      fail('D1 is down'),
      ok({ stamp: 1, value: 'known' }),
      fail('D1 is down'),
      ok({ stamp: 3, value: 'back' }),
    )
    expect(await cache.current(1, read, fallback)).toBe('none (D1 is down)')
    expect(cache.last).toBeUndefined()
    expect(await cache.current(1, read, fallback)).toBe('known')
    expect(await cache.current(2, read, fallback)).toBe('known')
    expect(await cache.current(3, read, fallback)).toBe('back')
    expect(reads.count).toBe(4)
  })
})
