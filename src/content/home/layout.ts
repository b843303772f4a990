import { HOME_PARTS, type HomeLayoutEntry } from '../../schemas/home-layout'

/** The home page's sections as the repository has them: the spec's 14, in the spec's order. */
export const homeLayout: HomeLayoutEntry[] = HOME_PARTS.map((part) => ({ home: { part } }))
