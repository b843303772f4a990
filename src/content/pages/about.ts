import type { AboutPageCopy } from '../../schemas/pages'
import { examples, external } from '../external'

const founderName = examples.name

export const aboutPage = {
  meta: {
    title: 'About Us — XR Stores',
    description:
      'Why we build game-like 3D and XR online stores: our mission, our vision and the story of the team behind XR Stores.',
  },
  heading: 'About Us',
  lead: 'We turn online catalogues into places people want to walk through, with friends, guided by real sales staff.',
  mission: {
    title: 'Mission Statement',
    paragraphs: [
      'Our mission is to give every retail brand an online store that feels as close to real-life shopping as possible: a space shoppers can explore, products they can see from every side, and people they can talk to.',
      'We make it affordable and fast, so a brand of any size can open an immersive store without a studio budget or a team of developers.',
    ],
  },
  vision: {
    title: 'Vision Statement',
    paragraphs: [
      'We see a web where shopping is social again: friends meet in a store, try things on together and ask a real person for advice, whether they are on a phone, a laptop or a headset.',
      'Flat product grids will give way to places with atmosphere, and brands will be remembered for the experience they host, not only for the price they charge.',
    ],
  },
  story: {
    title: 'Our Story',
    paragraphs: [
      'We started as builders of conventional e-commerce. With 100+ online stores built for brands of every size and 500+ e-commerce experiences analysed, one pattern stood out: shoppers browse a grid, hesitate, and leave. What they miss online is what makes a visit to a real store worth it.',
      'So we built the store itself in 3D. Our no-code platform lets a brand create a game-like virtual store in minutes, and our studio builds showrooms, product configurators and digital twins for those who want a bespoke space.',
      'Today shoppers can visit those stores in a browser or a headset and shop with real sales staff at their side. With our recent funding we are growing the team and bringing immersive commerce to more brands, faster.',
    ],
    founder: {
      name: founderName,
      title: 'Founder and CEO',
      profileUrl: external.founderProfile,
      profileLabel: `${founderName} on LinkedIn`,
    },
  },
} satisfies AboutPageCopy
