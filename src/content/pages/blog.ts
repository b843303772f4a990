import { CONTACT_SECTION_ID } from '../../schemas/anchors'
import type { Article, ArticleFrame } from '../../schemas/pages'

/** Around every article: the kicker, the reading time and the closing call to action. */
export const articleFrame = {
  kicker: 'Blog',
  readingTime: '{minutes} min read',
  aside: {
    label: 'Talk to us',
    title: 'Want an immersive store for your brand?',
    cta: { label: 'Contact us', target: { section: CONTACT_SECTION_ID } },
  },
} satisfies ArticleFrame

/** The three articles behind the home page's blog teaser, at /blog-1, /blog-2 and /blog-3. */
export const articles = [
  {
    slug: 'blog-1',
    meta: {
      title: 'XR Store: Information and Benefits — XR Stores',
      description:
        'What an XR store is, how shoppers use it in a browser or headset, and the benefits brands see in conversion, engagement and returns.',
    },
    title: 'XR Store: Information and Benefits',
    excerpt: 'What an XR store is, how shoppers move through it, and why brands are opening one.',
    readingMinutes: 4,
    intro: [
      'An XR store is an online shop built as a place rather than a page. Shoppers walk through a 3D space, pick products off the shelf, look at them from every side and, when they want, try them on with augmented reality or step inside with a VR headset.',
      'It runs in an ordinary browser on a phone or laptop. No download, no special hardware: a link opens the store the way a link opens a website.',
    ],
    sections: [
      {
        heading: 'What shoppers can do in an XR store',
        blocks: [
          'The experience borrows what works in a physical store and keeps what works online:',
          [
            'Walk the aisles and discover products the way they are displayed in real life.',
            'Inspect a product in 3D, zoom into materials and stitching, or place it in their room with AR.',
            'Shop with friends who join the same store from their own devices.',
            'Ask questions to a real sales assistant or an AI chatbot without leaving the store.',
            'Check out through the brand’s existing cart and payment flow.',
          ],
        ],
      },
      {
        heading: 'Why brands open one',
        blocks: [
          'The benefits show up in the numbers brands already track. Immersive product experiences are linked with 74% higher conversions, 3x longer engagement (9 vs 3 minutes on average), 40% fewer returns and 61% higher product confidence.',
          'Engagement is the first thing to change. A shopper who explores a space looks at more products than one who scrolls a grid, and a shopper who has seen a product from every side is less likely to send it back.',
        ],
      },
      {
        heading: 'How long it takes to build',
        blocks: [
          'With a no-code store builder, a brand can set up its first 3D store in about 5 minutes: choose a space, drop in products from the catalogue and publish. Bespoke showrooms, configurators and digital twins built from 360 images take longer, and are built by a studio team with the brand.',
        ],
      },
      {
        heading: 'Where to start',
        blocks: [
          'Start with the products that are hardest to judge from a photo: jewellery, furniture, footwear, cosmetics, electronics. Put them in a small 3D space, link to it from the product pages, and compare how those shoppers behave with the rest.',
        ],
      },
    ],
  },
  {
    slug: 'blog-2',
    meta: {
      title: 'Leveraging Immersive Storytelling — XR Stores',
      description:
        'How brands use 3D spaces, sound and play to tell their story inside an online store, and how to plan an immersive narrative that sells.',
    },
    title: 'Leveraging Immersive Storytelling',
    excerpt: 'A store can tell a story the way a film or a game does. Here is how to plan one.',
    readingMinutes: 5,
    intro: [
      'A product page tells a shopper what something is. A story tells them why it matters. Immersive stores let a brand tell that story with space, light, sound and play, instead of a paragraph nobody scrolls down to.',
    ],
    sections: [
      {
        heading: 'Space is the narrative',
        blocks: [
          'In a 3D store, the route a shopper takes is the plot. An entrance sets the mood, a central display introduces the hero product, and side rooms reveal the craft, the origin or the people behind it.',
          'Think of each room as a chapter with one idea. A shopper who enters the workshop room should leave knowing how the product is made, without reading a single line of copy.',
        ],
      },
      {
        heading: 'Let shoppers take part',
        blocks: [
          'Stories stick when people act in them. Small interactions turn viewers into participants:',
          [
            'A quiz that reveals the origin of each ingredient.',
            'A memory game built from the season’s collection.',
            'A configurator where shoppers design their own version of the hero product.',
            'An AR try-on that puts the product into their own story, on their own body.',
          ],
        ],
      },
      {
        heading: 'Keep the story shoppable',
        blocks: [
          'Every scene should be one step away from the cart. Products in the story are products on the shelf: a tap opens details, sizes and the add-to-cart button, and the shopper returns to the story exactly where they left it.',
        ],
      },
      {
        heading: 'Measure what the story does',
        blocks: [
          'Track which rooms shoppers visit, how long they stay and which interactions lead to a purchase. Those numbers show which chapters work, and a 3D store can be rearranged in an afternoon, far faster than a physical one.',
        ],
      },
    ],
  },
  {
    slug: 'blog-3',
    meta: {
      title: 'Future of Shopping: GenZ and GenAlpha Buyer preferences — XR Stores',
      description:
        'GenZ and GenAlpha grew up in games and social apps. What they expect from online shopping, and how immersive stores meet them.',
    },
    title: 'Future of Shopping: GenZ and GenAlpha Buyer preferences',
    excerpt: 'The next generation of buyers grew up in games. What they expect from a store.',
    readingMinutes: 4,
    intro: [
      'GenZ and GenAlpha have spent more time in game worlds and social apps than in shopping malls. Their idea of a good place to hang out, and a good place to buy, is shaped by that.',
    ],
    sections: [
      {
        heading: 'What younger buyers expect',
        blocks: [
          [
            'Shopping is social: they want to browse with friends, even when they are not in the same room.',
            'Shopping is visual: they judge products by seeing them in use, in 3D, on themselves.',
            'Shopping is playful: rewards, challenges and collectibles are part of the fun.',
            'Shopping is instant: from discovery to checkout, every extra step loses them.',
            'Shopping is personal: they expect to customise what they buy and to be recognised when they return.',
          ],
        ],
      },
      {
        heading: 'Why flat catalogues fall short',
        blocks: [
          'A grid of product photos asks shoppers to imagine everything: the size, the texture, how it looks on them, what their friends would say. Younger buyers are used to experiences that show them instead, and they move on quickly when a store does not.',
        ],
      },
      {
        heading: 'How immersive stores answer',
        blocks: [
          'Game-like 3D stores speak the language these buyers already know. They can meet friends in the store, try products with AR, play a quiz or a memory game for a reward and ask a real sales assistant for advice, all in a browser or a headset.',
          'Brands that build these experiences now are not only selling to today’s shoppers; they are becoming familiar places for the buyers of the next decade.',
        ],
      },
    ],
  },
] satisfies Article[]

export type ArticleSlug = (typeof articles)[number]['slug']
