import type { UpdatePageCopy } from '../schemas/copy'

const saved = {
  title: 'URL Updated',
  text: 'The 3D viewer URL has been updated successfully in Firebase.',
}
const failed = {
  title: 'Update Failed',
  text: 'There was an error updating the URL. Please try again.',
}

/** /update (admin only, unlisted): the viewer-address form; its toasts and notices say the same. */
export const updatePageCopy = {
  meta: {
    title: 'Update 3D Viewer URL',
    description: 'Change the address of the 3D viewer the site links to.',
  },
  heading: 'Update 3D Viewer URL',
  form: {
    field: { label: '3D viewer URL', placeholder: 'https://viewer.example.com/3d-viewer/' },
    submit: { idle: 'Update URL', busy: 'Updating...' },
    outcomes: { saved, failed },
  },
  outcomes: {
    updated: saved,
    failed,
    invalid: {
      title: 'Update Failed',
      text: 'Enter an absolute https:// or http:// address of at most 2048 characters.',
    },
  },
  defaultNote: 'No address is stored yet, so the site links to the default:',
} satisfies UpdatePageCopy
