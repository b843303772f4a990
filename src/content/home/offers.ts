import type { Home } from '../../schemas/home'
import { external } from '../external.ts'
import { icon } from './media.ts'

/** What shoppers and brands get, the store builder and the commerce suite (sections 3 to 6). */
export const offers = {
  // 3
  shoppers: {
    title: 'The Shoppers get...',
    intro: 'A store visit that feels like the real thing, from anywhere.',
    items: [
      {
        image: icon('immersive-shopping'),
        title: 'Immersive shopping',
        description:
          'Walk the aisles of a game-like 3D store and discover products the way you would in person.',
      },
      {
        image: icon('shop-with-friends'),
        title: 'Shop with friends',
        description:
          'Invite friends into the same store, browse together and decide together, wherever they are.',
      },
      {
        image: icon('ai-sales-staff'),
        title: 'Interaction with AI sales staff',
        description:
          'Ask an AI sales assistant about sizes, materials and offers, and get answers on the spot.',
      },
      {
        image: icon('full-look'),
        title: 'Full look in 3D/AR',
        description:
          'Turn products around in 3D, or see them in your room and on yourself with AR, before you buy.',
      },
    ],
  },

  // 4
  brandsGet: {
    title: 'The Brands get...',
    intro: 'Numbers that matter to an online business.',
    stats: [
      {
        value: '74%',
        title: 'higher conversions',
        description: 'Shoppers who explore products in an immersive store are more likely to buy.',
      },
      {
        value: '3x',
        title: 'longer engagement',
        description: '9 minutes in an immersive store versus 3 minutes on a regular product page.',
      },
      {
        value: '40%',
        title: 'fewer returns',
        description: 'Seeing products in 3D and AR sets the right expectations before checkout.',
      },
      {
        value: '61%',
        title: 'higher product confidence',
        description: 'Shoppers feel surer about what they buy when they can look at it from every side.',
      },
    ],
    claim: {
      value: '90%',
      text: 'of respondents say they would rather shop in a store they can explore than scroll through a flat catalogue.',
    },
  },

  // 5
  storeBuilder: {
    id: 'store-builder-section',
    eyebrow: 'No-code 3D store builder',
    title: 'Build your own 3D store in about 5 minutes',
    text: 'Pick a store design, add your products and publish. The store builder needs no coding, and it is free to try.',
    points: ['Free to try', 'Set up in about 5 minutes', 'No coding needed'],
    image: {
      src: '/media/home/store-builder.svg',
      alt: 'The store builder dashboard with a 3D store preview and a product list',
      width: 640,
      height: 480,
    },
    ctas: [
      { label: 'Try it now!', target: { url: external.dashboard }, context: ': store builder' },
      { label: 'See Tutorial', target: { url: external.videos.tutorial } },
    ],
  },

  // 6
  suite: {
    title: 'Interactive Commerce Suite',
    intro: 'Three ways to turn a product page into an experience.',
    showcases: [
      {
        id: 'product-configurator-section',
        title: 'Product Configurator',
        description:
          'Let shoppers change the colours, materials and parts of a product and see every combination in real-time 3D.',
        image: {
          src: '/media/home/suite/configurator.svg',
          alt: 'A sneaker shown in 3D with colour swatches beside it',
          width: 640,
          height: 400,
        },
        cta: {
          label: 'Explore the demo',
          target: { url: external.demos.configurator },
          context: ': Product Configurator',
        },
      },
      {
        id: 'digital-twins-section',
        title: 'Digital Twin',
        description:
          'A faithful copy of your real store, built from 360 images, that shoppers can walk through and buy from online.',
        image: {
          src: '/media/home/suite/digital-twin.svg',
          alt: 'A 360-degree view of a real boutique turned into a 3D store',
          width: 640,
          height: 400,
        },
        cta: {
          label: 'Explore the demo',
          target: { url: external.demos.digitalTwin },
          context: ': Digital Twin',
        },
      },
      {
        id: 'virtual-showrooms-section',
        title: 'Virtual Mall',
        description:
          'Virtual showrooms where several brands share one mall, each with its own store front and products.',
        image: {
          src: '/media/home/suite/virtual-mall.svg',
          alt: 'A virtual mall with several brand store fronts along a walkway',
          width: 640,
          height: 400,
        },
        cta: {
          label: 'Explore the demo',
          target: { url: external.demos.virtualMall },
          context: ': Virtual Mall',
        },
      },
    ],
  },
} satisfies Partial<Home>
