/**
 * POST /api/vitals: field speed from the visitor's browser (issue 62), one beacon a view sent by
 * `sendBeacon` (text/plain, or application/json) on its first hide. The view beacon's guards: a
 * browser's same-origin headers (a script's post is refused with 403), a body limit, bots and the
 * per-client limiter (traffic/services/vitals.ts). No cookie, no id: always 204 for a valid beacon,
 * whether it was counted or dropped, since nothing reads the answer.
 */
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import type { AppEnv } from '../../app-env'
import { sameOriginForm } from '../../platform/http'
import { waitUntilOf } from '../../platform'
import type { ArmShown } from '../services/vitals'
import { deviceOf, METRICS, NAVIGATIONS, regionOf, type Metric } from '../services/vitals-histogram'

/**
 * The versions of the running experiments the beacon's page showed its visitor, found again from
 * the request as a lead's are (traffic knows no experiment: the site hands this in).
 */
export type ArmsOf = (c: Context<AppEnv>, page: string) => Promise<readonly ArmShown[]>

const metricValues = Object.fromEntries(METRICS.map((metric) => [metric, z.number().optional()])) as Record<
  Metric,
  z.ZodOptional<z.ZodNumber>
>

/** What the reporter sends: the page's path, how it was reached, the viewport's width and each metric once. */
export const vitalsBeacon = z
  .object({
    page: z.string().min(1).max(300).startsWith('/'),
    nav: z.enum(NAVIGATIONS),
    width: z.number().int().min(0).max(100_000),
    metrics: z
      .object(metricValues)
      .strict()
      .refine((metrics) => Object.values(metrics).some((value) => value !== undefined)),
  })
  .strict()

const BEACON_TYPES = /^(text\/plain|application\/json)(;|$)/i

/**
 * `pagePaths`: the addresses of the site's pages now (a report of any other path is dropped);
 * `armsOf`: the experiments' versions a page showed, whose loading and response count for them too.
 */
export function vitalsBeaconRoute(
  pagePaths: (c: Context<AppEnv>) => Promise<readonly string[]>,
  armsOf?: ArmsOf,
) {
  const beacon = new Hono<AppEnv>()
  beacon.post(
    '/',
    sameOriginForm,
    bodyLimit({ maxSize: 1024, onError: (c) => c.body(null, 413) }),
    async (c) => {
      if (!BEACON_TYPES.test(c.req.header('Content-Type') ?? '')) return c.body(null, 415)
      let body: unknown
      try {
        body = JSON.parse(await c.req.text())
      } catch {
        return c.body(null, 400)
      }
      const parsed = vitalsBeacon.safeParse(body)
      if (!parsed.success) return c.body(null, 400)
      const { page: spelled, nav, width, metrics } = parsed.data
      // The path only: a query or fragment the reporter should not have sent is never stored.
      const page = new URL(spelled, 'https://site.invalid').pathname
      const vitals = c.var.services.traffic.vitals
      const known = (await pagePaths(c)).includes(page)
      const ctx = waitUntilOf(c)
      const record = (arms: readonly ArmShown[]) =>
        vitals.record(
          {
            page,
            known,
            nav,
            device: deviceOf(width),
            region: regionOf(c.req.raw.cf),
            headers: c.req.raw.headers,
            metrics,
            arms,
          },
          ctx,
        )
      // The versions are found after the answer, as the rest of the count is.
      const tested = known && armsOf && (metrics.LCP !== undefined || metrics.INP !== undefined)
      if (tested) ctx.waitUntil(armsOf(c, page).then(record, () => record([])))
      else void record([])
      return c.body(null, 204)
    },
  )
  beacon.all('/', (c) => c.json({ error: 'Use POST.' }, 405, { Allow: 'POST' }))
  return beacon
}
