/**
 * One schema, both ends (issue 63): a campaign form's definition gives the edge's rules and the
 * rendered form's native constraint attributes, and the two say the same of each field.
 */
import { describe, expect, it } from 'vitest'
import { formProblems, FORM_WORDS, type CampaignField } from '../../src/schemas/campaign-form'
import { campaignFormSchema, nativeAttributes } from '../../src/schemas/campaign-form-rules'

const stores: CampaignField = {
  label: 'Stores you run',
  need: 'required',
  number: { lowest: 1, highest: 500 },
}
const company: CampaignField = { label: 'Company', need: 'optional', shortText: { longest: 80 } }
const slot: CampaignField = { label: 'Time slot', need: 'required', date: { earliest: '2027-01-12' } }
const core = { name: 'Ada Lovelace', email: 'ada@example.com' }

describe('a campaign form’s rules at both ends', () => {
  it('gives each field the attributes a browser checks with JavaScript off', () => {
    expect(nativeAttributes(stores)).toEqual({
      name: 'f-stores-you-run',
      required: true,
      type: 'number',
      step: 1,
      inputMode: 'numeric',
      min: 1,
      max: 500,
    })
    expect(nativeAttributes(company)).toEqual({ name: 'f-company', type: 'text', maxLength: 80 })
    expect(nativeAttributes(slot)).toMatchObject({ type: 'date', required: true, min: '2027-01-12' })
  })

  it('refuses at the edge what the attributes refuse in the browser', () => {
    const schema = campaignFormSchema([stores, company, slot])
    const good = { ...core, 'f-stores-you-run': '12', 'f-time-slot': '2027-01-13' }
    expect(schema.safeParse(good).success).toBe(true)
    for (const bad of [
      { 'f-stores-you-run': '' }, // required
      { 'f-stores-you-run': '0' }, // min
      { 'f-stores-you-run': '501' }, // max
      { 'f-stores-you-run': '1.5' }, // step
      { 'f-company': 'x'.repeat(81) }, // maxlength
      { 'f-time-slot': '2027-01-11' }, // min date
    ])
      expect(schema.safeParse({ ...good, ...bad }).success, JSON.stringify(bad)).toBe(false)
  })

  it('counts the name and e-mail among the 12 visible fields, and never a hidden one', () => {
    const text = (n: number): CampaignField => ({
      label: `Q${n}`,
      need: 'optional',
      shortText: { longest: 50 },
    })
    const hidden: CampaignField = { label: 'Campaign', need: 'optional', hidden: { carries: 'utm_campaign' } }
    const ten = Array.from({ length: 10 }, (_, i) => text(i))
    expect(formProblems([...ten, hidden], ['Name', 'E-mail'])).toEqual([])
    expect(formProblems([...ten, text(10)], ['Name', 'E-mail'])).toEqual([
      { path: [], message: FORM_WORDS.tooMany },
    ])
  })
})
