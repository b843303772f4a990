/** The shapes of the landing pages' words: the list, a new page, the sections menu and the publish gate. */
import { z } from 'zod'
import { SECTION_TYPE_NAMES, type SectionType } from '../composed-pages'
import { metaSchema, words } from './words'

export const landingCopy = {
  landing: z.strictObject({
    meta: metaSchema,
    ...words(
      'heading',
      'intro',
      'create',
      'caption',
      'title',
      'address',
      'status',
      'published',
      'views',
      'leads',
      'none',
    ).shape,
    statuses: words('draft', 'scheduled', 'published', 'unpublished'),
    new: z.strictObject({
      meta: metaSchema,
      ...words(
        'heading',
        'intro',
        'address',
        'addressHint',
        'start',
        'blank',
        'campaign',
        'copyOf',
        'create',
        'invalid',
        'slugFixed',
      ).shape,
    }),
    taken: words('route', 'post', 'page', 'redirect'),
    sections: z.strictObject({
      ...words('add', 'addHint', 'duplicate', 'section').shape,
      types: z.strictObject(
        Object.fromEntries(
          ['home', ...SECTION_TYPE_NAMES].map((type) => [type, words('name', 'line')]),
        ) as Record<SectionType | 'home', ReturnType<typeof words<'name' | 'line'>>>,
      ),
    }),
    share: z.strictObject({
      ...words(
        'heading',
        'intro',
        'make',
        'caption',
        'madeBy',
        'ends',
        'revoke',
        'none',
        'madeHeading',
        'madeText',
        'link',
        'back',
      ).shape,
      bar: words('label', 'note', 'back'),
    }),
    gate: words(
      'starterTitle',
      'starterDescription',
      'firstH1',
      'secondH1',
      'once',
      'sameName',
      'alt',
      'link',
      'richTextPicture',
      'heavy',
      'heavyPictures',
    ),
  }),
}
