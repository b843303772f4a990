import { CONTACT_SECTION_ID } from '../schemas/anchors'
import type { Home } from '../schemas/home'
import { external } from './external'

const contact = { section: CONTACT_SECTION_ID } as const

/** Standard sizes of the placeholder media, so every image and video reserves its space. */
const tileVideo = (slug: string) => ({
  src: `/media/home/xr/${slug}.mp4`,
  poster: `/media/home/xr/${slug}.svg`,
  width: 480,
  height: 360,
})
const storeVideo = (slug: string) => ({
  src: `/media/home/stores/${slug}.mp4`,
  poster: `/media/home/stores/${slug}.svg`,
  width: 360,
  height: 480,
})
const icon = (slug: string) => ({ src: `/media/home/shoppers/${slug}.svg`, alt: '', width: 96, height: 96 })

/** Copy, figures and links of the 14 home sections, in the spec's order. */
export const home = {
  meta: {
    title: 'XR Stores — game-like 3D and XR online stores for brands',
    description:
      'Immersive 3D stores, virtual showrooms, product configurators, digital twins, AR try-on and gamified shopping for online retail brands. Build your own 3D store with no code in about 5 minutes.',
  },

  // 1
  hero: {
    eyebrow: 'Game-like 3D stores for online retail brands',
    title: 'The closest you can get to real-life shopping, online',
    text: 'Shoppers walk through your virtual 3D store, shop with friends and talk to real sales staff, in a browser or a VR headset.',
    video: { src: '/media/home/hero.mp4', poster: '/media/home/hero.svg', width: 1280, height: 720 },
    ctas: [
      { label: 'Try it now!', target: { url: external.demos.heroStore }, context: ': demo store' },
      { label: 'See video', target: { url: external.videos.intro } },
    ],
  },

  // 2
  brandStrip: { title: 'Brands that sell with us' },

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

  // 7
  xr: {
    title: 'XR features for every store',
    intro: 'Mix and match the experiences your shoppers will love.',
    tiles: [
      {
        title: 'View in 3D',
        description: 'Spin, zoom and inspect any product in a real-time 3D viewer.',
        video: tileVideo('view-in-3d'),
        target: { viewer: true },
      },
      {
        title: 'AR Try On',
        description: 'Try jewellery, clothes, shoes and make-up on yourself with the camera.',
        video: tileVideo('ar-try-on'),
        target: { path: '/try-on' },
      },
      {
        title: 'Gamified Experience',
        description: 'Quizzes and memory games that reward shoppers while they browse.',
        video: tileVideo('gamified-experience'),
        target: { path: '/gaming' },
      },
      {
        title: 'View in Real Life',
        description: 'Place products in your own room at true scale with AR.',
        video: tileVideo('view-in-real-life'),
      },
      {
        title: 'View in VR',
        description: 'Step into the store with a VR headset for the full experience.',
        video: tileVideo('view-in-vr'),
      },
      {
        title: 'Multiplayer',
        description: 'Shop together with friends and talk to sales staff inside the store.',
        video: tileVideo('multiplayer'),
        target: { url: external.demos.multiplayer },
      },
      {
        title: 'Video Slots',
        description: 'Play product videos on screens placed inside the 3D store.',
        video: tileVideo('video-slots'),
      },
      {
        title: 'Easy Search',
        description: 'Find any product in the store instantly and walk straight to it.',
        video: tileVideo('easy-search'),
      },
      {
        title: 'AI Chatbot',
        description: 'An AI sales assistant that answers questions and recommends products.',
        video: tileVideo('ai-chatbot'),
      },
    ],
  },

  // 8
  stores: {
    title: 'Explore our store',
    intro: 'Step into stores we have built for our clients. Each one opens in a new tab.',
    label: 'Demo stores',
    position: '{title}, {current} of {total}',
    items: [
      { title: 'Vero Italy', video: storeVideo('vero-italy'), url: external.stores.veroItaly },
      { title: 'Pixel Pals', video: storeVideo('pixel-pals'), url: external.stores.pixelPals },
      { title: 'Zelviano', video: storeVideo('zelviano'), url: external.stores.zelviano },
      { title: 'Digitron', video: storeVideo('digitron'), url: external.stores.digitron },
      { title: 'Deyga', video: storeVideo('deyga'), url: external.stores.deyga },
    ],
  },

  // 9
  realEstate: {
    id: 'real-estate-section',
    eyebrow: 'Real estate',
    title: 'Walk through a home before it is built',
    text: 'Give buyers a guided 3D walkthrough of your villas and apartments, room by room, from any browser or headset.',
    points: [
      'Furnished, true-to-scale interiors',
      'Day and night lighting',
      'One link to share with every buyer',
    ],
    image: {
      src: '/media/home/real-estate.svg',
      alt: 'A furnished villa living room in a 3D walkthrough',
      width: 800,
      height: 500,
    },
    ctas: [{ label: 'Try it now!', target: { url: external.demos.villa }, context: ': villa walkthrough' }],
  },

  // 10
  why: {
    title: 'Why Choose Us?',
    intro: 'Six reasons brands build their immersive stores with us.',
    points: [
      {
        title: 'Low Cost Development',
        description: 'Reusable store templates and assets keep your budget low.',
      },
      {
        title: 'Very Fast to Market',
        description: 'Launch a custom store in weeks, or your own in minutes with the store builder.',
      },
      {
        title: 'Excellent Service',
        description: 'One dedicated team supports you from the first design to launch and beyond.',
      },
      {
        title: 'Impressive Creativity',
        description: 'Our designers and game developers make every store memorable.',
      },
      {
        title: 'Works on All Devices',
        description:
          'Runs in the browser on phones, tablets, laptops and VR headsets, with no app to install.',
      },
      {
        title: 'High render Quality',
        description: 'Lifelike lighting and materials show your products at their best.',
      },
    ],
    testimonialsTitle: 'What our clients say',
    allReviews: 'All reviews',
    currentReview: 'Current review',
    counter: '({current}/{total}) reviews',
    testimonials: [
      {
        id: 'priya-nair',
        text: 'Our virtual store became our best-performing channel within three months. Shoppers stay longer and come back with friends.',
        name: 'Priya Nair',
        position: 'Head of E-commerce, Vero Italy',
        avatar: '/media/home/avatars/priya-nair.svg',
      },
      {
        id: 'daniel-brooks',
        text: 'The product configurator cut our returns. Customers know exactly what they are getting before they order.',
        name: 'Daniel Brooks',
        position: 'Founder, Digitron',
        avatar: '/media/home/avatars/daniel-brooks.svg',
      },
      {
        id: 'meera-iyer',
        text: 'We launched our first 3D store with the store builder in an afternoon, without writing a line of code.',
        name: 'Meera Iyer',
        position: 'Marketing Lead, Deyga',
        avatar: '/media/home/avatars/meera-iyer.svg',
      },
      {
        id: 'lucas-romano',
        text: 'The team understood our brand from day one. The store looks stunning on every device, VR headsets included.',
        name: 'Lucas Romano',
        position: 'Creative Director, Zelviano',
        avatar: '/media/home/avatars/lucas-romano.svg',
      },
    ],
  },

  // 11
  blog: {
    title: 'From our blog',
    intro: 'Ideas and research on immersive commerce.',
    cards: [
      {
        title: 'XR Store: Information and Benefits',
        description: 'What an XR store is, how it works, and why brands are adding one to their online shop.',
        image: { src: '/media/home/blog/blog-1.svg', alt: '', width: 640, height: 360 },
        href: '/blog-1',
      },
      {
        title: 'Leveraging Immersive Storytelling',
        description:
          'How brands use 3D spaces and interactive stories to turn browsing into a visit shoppers remember.',
        image: { src: '/media/home/blog/blog-2.svg', alt: '', width: 640, height: 360 },
        href: '/blog-2',
      },
      {
        title: 'Future of Shopping: GenZ and GenAlpha Buyer preferences',
        description:
          'What the next generation of shoppers expects from online stores, from social shopping to games.',
        image: { src: '/media/home/blog/blog-3.svg', alt: '', width: 640, height: 360 },
        href: '/blog-3',
      },
    ],
    contact: { label: 'Contact us', target: contact },
  },

  // 12
  funding: {
    eyebrow: 'Funding news',
    title: 'We have raised funding to bring immersive stores to every brand',
    text: 'Be among the first brands to launch on our new platform, with our team at your side.',
    cta: { label: 'Talk to us', target: contact },
  },

  // 13
  services: {
    title: 'Extended Services',
    intro: 'More ways we help you sell online.',
    cards: [
      {
        id: 'shopify-development-section',
        title: 'Shopify Store Development',
        description:
          'Custom Shopify themes, apps and integrations, with your 3D store connected to your catalogue and checkout.',
        image: { src: '/media/home/services/shopify.svg', alt: '', width: 640, height: 400 },
        cta: { label: 'Learn More', target: contact, context: ' about Shopify Store Development' },
      },
      {
        id: '3d-product-creation-section',
        title: '3D Product Creation',
        description: 'Photorealistic, web-ready 3D models of your products, made from photos or CAD files.',
        image: { src: '/media/home/services/3d-product-creation.svg', alt: '', width: 640, height: 400 },
        cta: { label: 'Learn More', target: contact, context: ' about 3D Product Creation' },
      },
      {
        title: 'Amazon Services',
        description:
          'Listings, A+ content and storefront design that help your products stand out on Amazon.',
        image: { src: '/media/home/services/amazon.svg', alt: '', width: 640, height: 400 },
        cta: { label: 'Learn More', target: contact, context: ' about Amazon Services' },
      },
    ],
  },

  // 14
  contact: {
    title: 'Schedule call',
    intro:
      'Tell us about your brand and what you would like to build, and we will get back to you to arrange a call.',
    form: {
      labels: { name: 'Name', email: 'Email', phone: 'Phone', inquiry: 'Inquiry' },
      honeypotLabel: 'Leave this field empty',
      submit: { idle: 'Send', busy: 'Sending...' },
      invalidNotice: 'Please correct the fields marked below.',
    },
  },
} satisfies Home
