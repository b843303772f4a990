/**
 * The experiments wing's services, for the composition root (server/isolate.ts): the edge's
 * assignment and counting over the traffic counter's visitor hash, and the console's desk, whose
 * plan reads the site's last 30 days of traffic and leads, and which lists the studio's posts and
 * landing pages it can test. Each isolate's cache is handed in.
 */
import type { Bindings } from '../env'
import { ok, type Result } from '../lib/result'
import { ExperimentDesk } from './experiments/services/experiment-desk'
import { Experiments, type ExperimentCache } from './experiments/services/experiments'
import { ExperimentStore } from './experiments/storage/experiments'
import type { LeadDesk } from './leads/services/lead-desk'
import type { KeyRing } from './platform'
import type { ContentService } from './studio/services/content'
import type { PageDesk } from './studio/services/page-desk'
import type { PostDesk } from './studio/services/post-desk'
import { MediaStore } from './studio/storage/media'
import type { TrafficCounter } from './traffic/services/traffic'
import { trafficReport } from './traffic/services/traffic-report'

/** Days of traffic an experiment's plan goes by. */
const PLAN_DAYS = 30

export function experimentServices(
  env: Bindings,
  studio: { content: ContentService; posts: PostDesk; landingPages: PageDesk },
  traffic: Result<TrafficCounter>,
  leads: LeadDesk,
  cache: ExperimentCache,
  keys: KeyRing,
) {
  const { content } = studio
  const store = new ExperimentStore(env.DB)
  const counter = traffic.ok ? traffic.value : null
  const history = async () => {
    if (!counter) return ok({ rate: null, visitorsAt: new Map<string, number>() })
    const report = await trafficReport(counter.store, leads.read.queries, PLAN_DAYS)
    if (!report.ok) return report
    const pages = report.value.tables.page ?? []
    const visitorsAt = new Map(pages.map((row) => [row.value, row.visitors / PLAN_DAYS]))
    return ok({ rate: report.value.totals.conversion, visitorsAt })
  }
  return {
    edge: new Experiments(store, content, counter, cache, keys),
    desk: new ExperimentDesk(store, content, history, new MediaStore(env.DB, env.MEDIA), studio),
  }
}
