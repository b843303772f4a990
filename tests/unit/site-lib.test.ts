import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ringOffset, wrapIndex } from '../../src/lib/carousel'
import { chatLink, telLink } from '../../src/lib/chat-link'
import { resolveTarget } from '../../src/lib/links'

describe('chatLink', () => {
  it('keeps only the digits of the business phone', () => {
    expect(chatLink('+91 98765 43210', 'https://wa.me/')).toBe('https://wa.me/919876543210')
    expect(chatLink('(020) 7946-0958 ext.', 'https://wa.me/')).toBe('https://wa.me/02079460958')
  })

  it('never lets anything but digits into the address', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => /\d/.test(s)),
        (phone) => {
          expect(chatLink(phone, 'https://wa.me/')).toMatch(/^https:\/\/wa\.me\/\d+$/)
        },
      ),
    )
  })

  it('refuses a number without digits', () => {
    expect(() => chatLink('call us', 'https://wa.me/')).toThrow(/no digits/)
  })

  it('builds tel: links that keep the country prefix', () => {
    expect(telLink('+44 20 7946 0958')).toBe('tel:+442079460958')
    expect(telLink('020 7946 0958')).toBe('tel:02079460958')
  })
})

describe('resolveTarget', () => {
  const viewer = 'https://viewer.example.com/?model=a.glb'
  it('turns home sections into /#id links that work from any page', () => {
    expect(resolveTarget({ section: 'sec-contact' }, viewer)).toEqual({
      href: '/#sec-contact',
      newTab: false,
    })
  })
  it('opens external addresses and the viewer in a new tab, site paths in place', () => {
    expect(resolveTarget({ url: 'https://demo.example.com/' }, viewer)).toEqual({
      href: 'https://demo.example.com/',
      newTab: true,
    })
    expect(resolveTarget({ viewer: true }, viewer)).toEqual({ href: viewer, newTab: true })
    expect(resolveTarget({ path: '/try-on' }, viewer)).toEqual({ href: '/try-on', newTab: false })
  })
})

describe('carousel arithmetic', () => {
  it('wraps previous/next modulo the length', () => {
    expect(wrapIndex(0, -1, 5)).toBe(4)
    expect(wrapIndex(4, 1, 5)).toBe(0)
    expect(wrapIndex(0, -1, 4)).toBe(3)
    expect(wrapIndex(3, 1, 4)).toBe(0)
  })

  it('places 5 items at offsets -2..2 around the active one', () => {
    expect([0, 1, 2, 3, 4].map((i) => ringOffset(i, 0, 5))).toEqual([0, 1, 2, -2, -1])
    for (let active = 0; active < 5; active++) {
      const offsets = [0, 1, 2, 3, 4].map((i) => ringOffset(i, active, 5))
      expect([...offsets].sort()).toEqual([-1, -2, 0, 1, 2])
      expect(offsets[active]).toBe(0)
    }
  })

  it('stays in range for any index and step', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer(),
        fc.integer({ min: -50, max: 50 }),
        (n, i, step) => {
          const next = wrapIndex(i, step, n)
          expect(next).toBeGreaterThanOrEqual(0)
          expect(next).toBeLessThan(n)
        },
      ),
    )
  })
})
