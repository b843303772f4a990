import type { TryOnPageCopy } from '../../schemas/pages'
import { external } from '../external'

/** Portrait clips, as the lenses are filmed on a phone. */
const video = (name: string) => ({
  src: `/media/pages/try-on/${name}.mp4`,
  poster: `/media/pages/try-on/${name}.webp`,
  width: 360,
  height: 640,
})

export const tryOnPage = {
  meta: {
    title: 'AR Try On — XR Stores',
    description:
      'Let shoppers try necklaces, t-shirts, earrings, shoes and lipstick on themselves with augmented reality, straight from your store.',
  },
  heading: 'AR Try On',
  lead: 'Shoppers point their camera at themselves and see the product on, in real time. No app to install: the lens opens in the browser.',
  items: [
    {
      id: 'necklace',
      title: 'Necklace',
      video: video('necklace'),
      videoLabel: 'A necklace placed on a shopper through the camera, following her as she turns.',
      description: 'See how a pendant sits on the collarbone before buying it.',
      longDescription:
        'The necklace locks onto the neckline and follows every turn of the head, with metal and stones that catch the light as they would in a mirror. Shoppers can switch lengths and finishes without leaving the lens.',
      url: external.arLenses.necklace,
      benefits: [
        'Accurate placement on the neckline',
        'Realistic reflections on metal and stones',
        'Switch lengths and finishes live',
        'Fewer returns on fine jewellery',
      ],
    },
    {
      id: 't-shirt',
      title: 'T-shirt',
      video: video('t-shirt'),
      videoLabel: 'A printed t-shirt appearing over a shopper’s clothes as she moves.',
      description: 'Put a print on and check colour, fit and size on the body.',
      longDescription:
        'The garment is draped over the shopper’s body and moves with the shoulders and arms. Colours and prints change with a tap, so a whole collection can be tried in under a minute.',
      url: external.arLenses.tshirt,
      benefits: [
        'Garment follows body movement',
        'Every colourway in one session',
        'Helps shoppers pick the right size',
        'Shareable snapshots for social media',
      ],
    },
    {
      id: 'earring',
      title: 'Earring',
      video: video('earring'),
      videoLabel: 'Earrings shown on both ears of a shopper turning her head.',
      description: 'Try studs and drops on both ears and compare them side by side.',
      longDescription:
        'Ear tracking keeps each earring in place from the front and in profile, even when hair moves. Drops swing naturally, so shoppers judge length and weight before they order.',
      url: external.arLenses.earring,
      benefits: [
        'Tracks both ears in profile',
        'Natural swing on drop earrings',
        'Compare styles side by side',
        'Higher confidence on gift purchases',
      ],
    },
    {
      id: 'shoes',
      title: 'Shoes',
      video: video('shoes'),
      videoLabel: 'Sneakers placed on a shopper’s feet as he walks a few steps.',
      description: 'Point the camera at your feet and walk in a new pair.',
      longDescription:
        'Foot tracking fits the shoe to the shopper’s own feet and keeps it there while they walk, so they see the pair from above, from the side and in motion, with their own outfit.',
      url: external.arLenses.shoes,
      benefits: [
        'Fits the shoe to the shopper’s feet',
        'Stays in place while walking',
        'See the pair with your own outfit',
        'Try every colourway in seconds',
      ],
    },
    {
      id: 'lipstick',
      title: 'Lipstick',
      video: video('lipstick'),
      videoLabel: 'Lipstick shades applied to a shopper’s lips one after another.',
      description: 'Swatch every shade on your own lips, in your own light.',
      longDescription:
        'Lip tracking applies the shade precisely, with the right finish, matte, satin or gloss, and adapts to the room’s light. Shoppers find their shade without a tester.',
      url: external.arLenses.lipstick,
      benefits: [
        'Precise lip tracking',
        'Matte, satin and gloss finishes',
        'Adapts to the room’s lighting',
        'Hygienic, tester-free swatching',
      ],
    },
  ],
  benefitsHeading: 'Why brands add AR try-on',
  benefits: [
    {
      value: '1',
      title: 'Confident purchases',
      description: 'Shoppers see the product on themselves, so they buy knowing how it looks.',
    },
    {
      value: '2',
      title: 'Fewer returns',
      description: 'When size, colour and style are checked before checkout, fewer parcels come back.',
    },
    {
      value: '3',
      title: 'Longer sessions',
      description: 'Trying things on is playful: shoppers stay, explore more products and come back.',
    },
    {
      value: '4',
      title: 'No app to install',
      description: 'The lens opens in the mobile browser from a link or a QR code.',
    },
    {
      value: '5',
      title: 'Social by design',
      description: 'Snapshots and short clips are easy to share, bringing friends into the store.',
    },
    {
      value: '6',
      title: 'Works with your catalogue',
      description: 'We build lenses from your existing product photos and 3D files.',
    },
  ],
} satisfies TryOnPageCopy
