/** The shared contact rules, as the browser form runs them (zod/mini, no server around). */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { contact as de } from '../../src/content/locales/de/contact'
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  contactFieldErrors,
  contactSchema,
  contactSchemaIn,
  keptValues,
  type ContactErrors,
} from '../../src/schemas/contact'

function errorsOf(input: unknown): ContactErrors {
  const result = contactSchema.safeParse(input)
  return result.success ? {} : contactFieldErrors(result.error)
}

const valid = { name: 'Ada', email: 'ada@example.com', phone: '+1 555 0100', inquiry: 'A 3D store, please.' }

describe('contactSchema', () => {
  it("uses the spec's messages for the spec's rules", () => {
    expect(errorsOf({ name: '', email: '', phone: '', inquiry: '' })).toEqual({
      name: 'Name is required',
      email: 'Invalid email address',
      phone: 'Phone number is required',
      inquiry: 'Please describe your inquiry',
    })
  })

  it('says the same rules in a locale’s words, every one of them its own (German: none left in English)', () => {
    const german = contactSchemaIn(de.messages)
    const errors = (input: unknown) => {
      const result = german.safeParse(input)
      return result.success ? {} : contactFieldErrors(result.error)
    }
    expect(errors({ name: '', email: '', phone: '', inquiry: '' })).toEqual({
      name: de.messages.name,
      email: de.messages.email,
      phone: de.messages.phone,
      inquiry: de.messages.inquiry,
    })
    expect(errors({ ...valid, name: '<b>', inquiry: 'x'.repeat(CONTACT_LIMITS.inquiry + 1) })).toEqual({
      name: de.messages.nameCharacters,
      inquiry: de.messages.inquiryTooLong,
    })
    for (const key of Object.keys(CONTACT_MESSAGES) as (keyof typeof CONTACT_MESSAGES)[])
      expect(de.messages[key], key).not.toBe(CONTACT_MESSAGES[key])
  })

  it('accepts a filled-in request and trims it', () => {
    const result = contactSchema.safeParse({ ...valid, name: '  Ada  ', email: ' ada@example.com ' })
    expect(result.success && result.data).toEqual({ ...valid, name: 'Ada' })
  })

  it.each(['plainaddress', 'a@b', '@example.com', 'a b@example.com', 'ada@example.com>'])(
    'refuses the e-mail %s',
    (email) => {
      expect(errorsOf({ ...valid, email })).toEqual({ email: 'Invalid email address' })
    },
  )

  it('accepts any printable text within the limits, in any script', () => {
    const printable = (max: number) =>
      fc
        .string({ unit: 'grapheme', minLength: 1, maxLength: max })
        .map((s) => s.replace(/[\p{C}<>\u2028\u2029]/gu, 'x').slice(0, max))
        .filter((s) => s.trim().length > 0)
    fc.assert(
      fc.property(printable(CONTACT_LIMITS.name), printable(CONTACT_LIMITS.inquiry), (name, inquiry) => {
        expect(errorsOf({ ...valid, name, inquiry })).toEqual({})
      }),
    )
  })

  it('never throws and names only known fields, whatever it is given', () => {
    const fields = ['name', 'email', 'phone', 'inquiry', 'time']
    fc.assert(
      fc.property(fc.anything(), fc.dictionary(fc.constantFrom(...fields, 'x'), fc.anything()), (a, b) => {
        for (const input of [a, b]) {
          for (const key of Object.keys(errorsOf(input))) expect(fields).toContain(key)
        }
      }),
    )
  })
})

describe('keptValues', () => {
  it('keeps the typed strings, drops anything else and caps each at its limit', () => {
    expect(
      keptValues({ name: 'Ada', email: 42, phone: ['1'], inquiry: 'x'.repeat(5000), extra: 'y' }),
    ).toEqual({
      name: 'Ada',
      email: '',
      phone: '',
      inquiry: 'x'.repeat(CONTACT_LIMITS.inquiry),
    })
    expect(keptValues(null)).toEqual({ name: '', email: '', phone: '', inquiry: '' })
  })
})
