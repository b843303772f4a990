import { CONTACT_SECTION_ID } from '../../schemas/anchors'
import type { TryPageCopy } from '../../schemas/pages'

/** /try: where showcase buttons without their own external address lead. */
export const tryPage = {
  meta: {
    title: 'Try it in your store — XR Stores',
    description:
      'This experience is shown on request. Tell us about your brand and we will set up a live demo of it with your own products.',
  },
  heading: 'See it live with your own products',
  lead: 'This experience is not open to the public yet: we show it in a guided demo, set up with products from your catalogue so you see exactly what your shoppers would.',
  stepsHeading: 'How the demo works',
  steps: [
    {
      title: 'Tell us about your brand',
      description: 'Share your store address and the products you would like to see in 3D or XR.',
    },
    {
      title: 'We prepare your demo',
      description: 'Our team builds a short demo with a few of your products, usually within a few days.',
    },
    {
      title: 'Walk through it together',
      description: 'On a call, we open the demo in a browser or headset and answer your questions live.',
    },
  ],
  cta: {
    text: 'Ready to see it? Schedule a call and we will get in touch.',
    label: 'Schedule a call',
    href: `/#${CONTACT_SECTION_ID}`,
  },
  relatedHeading: 'Open to try now',
  related: [
    {
      label: 'AR Try On',
      href: '/try-on',
      description: 'Open the try-on lenses for jewellery, clothing, shoes and make-up.',
    },
    {
      label: 'Gamified Experience',
      href: '/gaming',
      description: 'Play the quiz and memory games shoppers find in our stores.',
    },
  ],
} satisfies TryPageCopy
