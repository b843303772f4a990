/** /admin/media (admins and editors): the media library. */
import type { MediaRefusal } from '../../schemas/admin-outcomes'

/** Why an upload or a delete was refused: words for every code of studio/services/media-library.ts. */
const refusals = {
  'no-file': 'Choose a picture to upload.',
  'not-image':
    'That file is not a JPEG, PNG, WebP or AVIF picture. Export it as one of those and upload it again.',
  'too-large':
    'That file is larger than 25 MB. Make it smaller (a photo of about 6000 pixels wide is plenty) and upload it again.',
  undecodable:
    'That file looks like a picture but could not be read: it may be damaged. Export it again and upload the new file.',
  'no-alt': 'Say what the picture shows, or tick “Decorative” if it is only decoration.',
  'in-use': 'This picture is on the site: {places}. Choose another picture there first, then delete it.',
  gone: 'That picture is no longer in the library.',
} satisfies Record<MediaRefusal, string>

export const media = {
  refusals,
  /** A place a picture shows, in the in-use refusal's list. */
  inExperiment: 'version {arm} of the experiment “{name}”',
  unreadPlace: 'a page whose content could not be read just now',
  meta: { title: 'Media · Admin', description: 'The pictures the site’s pages and posts can use.' },
  heading: 'Media',
  upload: {
    title: 'Upload a picture',
    file: 'Picture',
    fileHint: 'JPEG, PNG, WebP or AVIF, up to 25 MB. The site makes every size it needs.',
    alt: 'Alt text',
    altHint: 'What the picture shows, for people who cannot see it.',
    decorative: 'Decorative: it shows nothing a visitor needs (no alt text)',
    submit: 'Upload',
  },
  list: {
    title: 'Library',
    caption: 'Every picture, newest first',
    picture: 'Picture',
    details: 'Details',
    address: 'Address (for Markdown)',
    uploaded: 'Uploaded (UTC)',
    delete: 'Delete',
    decorative: 'Decorative',
    alt: 'Alt text',
    altDecorative: 'Decorative (no alt text)',
    altSave: 'Save alt text',
    none: 'No pictures yet.',
    size: '{width} × {height} pixels',
  },
  notices: {
    uploaded: { ok: true, title: 'Uploaded', text: 'Pick it in any picture field of the studio.' },
    deleted: { ok: true, title: 'Deleted', text: 'The picture is no longer in the library.' },
    described: {
      ok: true,
      title: 'Alt text saved',
      text: 'A page that picks this picture from now on brings these words. Pages that show it already keep theirs: change them in their editor.',
    },
    refused: 'Not done',
    failed: {
      ok: false,
      title: 'Not done',
      text: 'The library could not be changed. Try again in a moment.',
    },
  },
}
