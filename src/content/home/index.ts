import type { Home } from '../../schemas/home'
import { external } from '../external.ts'
import { contact } from './media.ts'
import { offers } from './offers.ts'
import { showcase } from './showcase.ts'

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
  ...offers,
  ...showcase,
  // 11
  blog: {
    title: 'From our blog',
    intro: 'Ideas and research on immersive commerce.',
    cards: [
      // Each card shows its post's title, picture and address, with this line.
      {
        post: 'blog-1',
        description: 'What an XR store is, how it works, and why brands are adding one to their online shop.',
      },
      {
        post: 'blog-2',
        description:
          'How brands use 3D spaces and interactive stories to turn browsing into a visit shoppers remember.',
      },
      {
        post: 'blog-3',
        description:
          'What the next generation of shoppers expects from online stores, from social shopping to games.',
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
