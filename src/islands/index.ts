/**
 * Every island, by the name the server marker and the client loader share. The server imports
 * them directly; src/client/islands.tsx lazy-loads the same files by the same names.
 */
import Carousel from './Carousel'
import ContactForm from './ContactForm'
import Testimonials from './Testimonials'
import UpdateForm from './UpdateForm'

export const serverIslands = {
  Carousel,
  Testimonials,
  ContactForm,
  UpdateForm,
}

export type IslandName = keyof typeof serverIslands
