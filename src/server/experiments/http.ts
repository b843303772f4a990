/**
 * The experiments wing's door for the page helpers other wings' routes use (the studio's previews of
 * a version, Media's places a picture shows): each reads the experiments' own services; its routes
 * are mounted from above.
 */
import type { Context } from 'hono'
import type { AppEnv } from '../app-env'

/** An experiment by its id (null when there is none), for a preview of one of its versions. */
export const experimentById = (c: Context<AppEnv>, id: string) => c.var.services.experiments.desk.find(id)

/** The running experiments' versions that show the library picture at `src`. */
export const versionsShowing = (c: Context<AppEnv>, src: string) =>
  c.var.services.experiments.desk.showing(src)
