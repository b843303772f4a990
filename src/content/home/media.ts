import { CONTACT_SECTION_ID } from '../../schemas/anchors.ts'

/** Where every "Learn More" leads: the contact section. */
export const contact = { section: CONTACT_SECTION_ID } as const

/** Standard sizes of the placeholder media, so every image and video reserves its space. */
export const tileVideo = (slug: string) => ({
  src: `/media/home/xr/${slug}.mp4`,
  poster: `/media/home/xr/${slug}.svg`,
  width: 480,
  height: 360,
})
export const storeVideo = (slug: string) => ({
  src: `/media/home/stores/${slug}.mp4`,
  poster: `/media/home/stores/${slug}.svg`,
  width: 360,
  height: 480,
})
export const icon = (slug: string) => ({
  src: `/media/home/shoppers/${slug}.svg`,
  alt: '',
  width: 96,
  height: 96,
})
