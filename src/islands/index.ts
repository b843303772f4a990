/**
 * Every island, by the name the server marker and the client loader share. The server imports
 * them directly; src/client/islands.tsx lazy-loads the same files by the same names.
 */
import Carousel from './Carousel'

export const serverIslands = {
  Carousel,
}

export type IslandName = keyof typeof serverIslands
