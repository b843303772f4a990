import type { Home } from '../../schemas/home'
import { external } from '../external.ts'
import { storeVideo, tileVideo } from './media.ts'

/** The XR tiles, the store carousel, real estate and why choose us (sections 7 to 10). */
export const showcase = {
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
} satisfies Partial<Home>
