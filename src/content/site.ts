import type { Site } from '../schemas/content'
import { examples, external } from './external'

/** Who we are and how to reach us: business name, contact details, offices, social links. */
export const site = {
  name: 'XR Stores',
  legalName: 'XR Stores Technologies Pvt. Ltd.',
  description:
    'Game-like virtual 3D and XR stores for online retail brands, and a no-code platform to build your own in about 5 minutes.',
  businessPhone: examples.phone,
  emails: [
    { label: 'General enquiries', address: examples.email },
    { label: 'Sales and partnerships', address: 'sales@example.com' },
  ],
  phones: [
    { label: 'India', number: examples.phone },
    { label: 'International', number: '+44 20 7946 0958' },
  ],
  offices: [
    {
      name: 'Bengaluru (headquarters)',
      lines: ['4th Floor, Example Tech Park', 'Outer Ring Road, Bellandur', 'Bengaluru 560103, India'],
    },
    { name: 'London', lines: ['Example House, 1 Sample Street', 'London EC1A 1AA', 'United Kingdom'] },
  ],
  social: [
    { name: 'LinkedIn', url: external.social.linkedin },
    { name: 'Instagram', url: external.social.instagram },
    { name: 'X', url: external.social.x },
    { name: 'YouTube', url: external.social.youtube },
    { name: 'Facebook', url: external.social.facebook },
  ],
  chatBase: external.chatBase,
  logo: { src: '/media/logo.svg', width: 36, height: 36 },
} satisfies Site
