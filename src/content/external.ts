/**
 * Every external address the spec does not give, in one place. ALL VALUES HERE ARE PLACEHOLDERS
 * that a brand replaces with its own: they point at reserved `example.com` hosts (or at the
 * social networks with an `example` handle) so nothing real is linked by accident.
 */

/** Example values for the spec's {email}, {phone} and {name} placeholders. */
export const examples = {
  /** {email}: the public contact address (footer mailto). */
  email: 'hello@example.com',
  /** {phone}: the default business phone behind the chat button. */
  phone: '+91 98765 43210',
  /** {name}: the founder's name on the About Us page. */
  name: 'Arjun Mehta',
}

export const external = {
  /** Default hosted 3D jewellery viewer ({host}), with its model-file parameter. */
  defaultViewerUrl: 'https://viewer.example.com/3d-viewer/?model=models/necklace.glb',
  /** Store-builder dashboard (header Login, store builder "Try it now!"). */
  dashboard: 'https://dashboard.example.com/',
  /** Messaging-app chat base; the business phone's digits are appended. */
  chatBase: 'https://wa.me/',

  /** Hosted videos. */
  videos: {
    /** Hero "See video". */
    intro: 'https://videos.example.com/xr-stores-intro',
    /** Store builder "See Tutorial". */
    tutorial: 'https://videos.example.com/store-builder-tutorial',
  },

  /** Demo sites. */
  demos: {
    /** Hero "Try it now!". */
    heroStore: 'https://demo.example.com/flagship-store/',
    configurator: 'https://demo.example.com/product-configurator/',
    digitalTwin: 'https://demo.example.com/digital-twin/',
    virtualMall: 'https://demo.example.com/virtual-mall/',
    /** Real-estate "Try it now!". */
    villa: 'https://demo.example.com/villa-walkthrough/',
    /** XR grid Multiplayer tile. */
    multiplayer: 'https://demo.example.com/multiplayer/',
  },

  /** The five "Explore our store" demo stores, each on its own demo site. */
  stores: {
    veroItaly: 'https://demo.example.com/vero-italy/',
    pixelPals: 'https://demo.example.com/pixel-pals/',
    zelviano: 'https://demo.example.com/zelviano/',
    digitron: 'https://demo.example.com/digitron/',
    deyga: 'https://demo.example.com/deyga/',
  },

  /** AR lens experiences behind the try-on page's "Try it now" links. */
  arLenses: {
    necklace: 'https://ar.example.com/lens/necklace',
    tshirt: 'https://ar.example.com/lens/t-shirt',
    earring: 'https://ar.example.com/lens/earring',
    shoes: 'https://ar.example.com/lens/shoes',
    lipstick: 'https://ar.example.com/lens/lipstick',
  },

  /** Games behind the gaming page's "Try it now" links. */
  games: {
    quiz: 'https://games.example.com/quiz/',
    memoryMatch: 'https://games.example.com/memory-match/',
  },

  /** The founder's professional-network profile (About Us). */
  founderProfile: 'https://www.linkedin.com/in/example',

  /** The five social links (footer). */
  social: {
    linkedin: 'https://www.linkedin.com/company/example',
    instagram: 'https://www.instagram.com/example',
    x: 'https://x.com/example',
    youtube: 'https://www.youtube.com/@example',
    facebook: 'https://www.facebook.com/example',
  },
}
