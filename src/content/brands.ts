import type { Brand } from '../schemas/content'

/** The 12 client brands of the home brand strip. Logos are placeholder wordmarks under public/. */
export const brands = (
  [
    ['vero-italy', 'Vero Italy'],
    ['pixel-pals', 'Pixel Pals'],
    ['zelviano', 'Zelviano'],
    ['digitron', 'Digitron'],
    ['deyga', 'Deyga'],
    ['aurum-jewels', 'Aurum Jewels'],
    ['nordvik-home', 'Nordvik Home'],
    ['kaya-botanics', 'Kaya Botanics'],
    ['solstice-sport', 'Solstice Sport'],
    ['mira-optics', 'Mira Optics'],
    ['urban-loom', 'Urban Loom'],
    ['tanvi-sarees', 'Tanvi Sarees'],
  ] as const
).map(([id, name]): Brand => ({ id, name, logo: `/media/brands/${id}.svg` }))
