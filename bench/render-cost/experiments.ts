/**
 * What an experiment costs a cached page view (issue 46): the same counted page cache hit of /
 * with no experiment, then with one on the hero running, for a visitor of each version (the arm is
 * decided in the render: the day's visitor hash, one more SHA-256, and the key's arm part); and
 * the page cache's hit rate over 1,000 visitors of their own, with and without it.
 */
import type { Bindings } from '../../src/env'
import { servicesFor } from '../../src/server/isolate'
import { measure } from './timing'

type Request = (url: string, headers?: Record<string, string>, env?: Bindings) => Promise<string>

const PERSON =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36'
const URL_OF_HOME = 'https://example.com/'
const B_TITLE = 'A shorter headline'
const visitor = (n: number) => ({
  'User-Agent': PERSON,
  Accept: 'text/html',
  'CF-Connecting-IP': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
})

/** An experiment on the hero's title, straight in D1 as the console's Start leaves it; `running` false stops it. */
async function setExperiment(bindings: Bindings, running: boolean) {
  const db = bindings.DB
  const arms = [
    { name: 'A', weight: 1, edition: null },
    { name: 'B', weight: 1, edition: { 'home.hero.title': B_TITLE } },
  ]
  await db.batch([
    db
      .prepare(
        `INSERT INTO experiments (id, name, doc, arms, status, made_by, made_at, started_at, base_rate)
         VALUES ('bench', 'Bench', 'home-hero', ?1, ?2, 'bench', ?3, ?3, 0.02)
         ON CONFLICT (id) DO UPDATE SET status = ?2`,
      )
      .bind(JSON.stringify(arms), running ? 'running' : 'stopped', new Date().toISOString()),
    db.prepare('UPDATE content_stamp SET stamp = stamp + 1 WHERE id = 1'),
  ])
  // As the console's Start and Stop do: this isolate knows the new stamp at once.
  await servicesFor(bindings).studio.content.stampChanged()
}

/** Page cache hits over `visitors` first views of / by distinct visitors (after one warm view each way). */
async function hitRate(bindings: Bindings, request: Request, from: number, visitors: number) {
  const memory = servicesFor(bindings).platform.pages
  const get = memory.get.bind(memory)
  let hits = 0
  let asked = 0
  memory.get = (key) => {
    const found = get(key)
    asked++
    if (found) hits++
    return found
  }
  try {
    for (let n = from; n < from + visitors; n++) await request(URL_OF_HOME, visitor(n))
  } finally {
    memory.get = get
  }
  return hits / asked
}

const ROUNDS = 5

/**
 * Rounds take turns, as the HTTP bench's targets do: in each, the hit with no experiment, then
 * with one running for a visitor of A and of B; each row is the median over rounds, and the
 * difference is taken within each round (the machine's load drifts between them).
 */
export async function experimentRows(bindings: Bindings, request: Request) {
  const { edge: experiments } = servicesFor(bindings).experiments
  await setExperiment(bindings, true)
  const of: Record<string, string>[] = []
  for (let n = 2; !(of[0] && of[1]); n++) {
    const arm = (await experiments.assign(new Headers(visitor(n)), new URL(URL_OF_HOME)))?.arms[0]?.arm
    if (arm !== undefined) of[arm] ??= visitor(n)
  }
  const samples: number[][] = [[], [], []]
  const hit = async (headers: Record<string, string>, shows: boolean) => {
    // The first after a change renders and stores; it shows version B's title or not, as it should.
    if ((await request(URL_OF_HOME, headers)).includes(B_TITLE) !== shows)
      throw new Error('wrong version shown')
    return (await measure(50, () => request(URL_OF_HOME, headers))).medianMs
  }
  for (let round = 0; round < ROUNDS; round++) {
    await setExperiment(bindings, false)
    samples[0]!.push(await hit(of[1]!, false))
    await setExperiment(bindings, true)
    samples[1]!.push(await hit(of[0]!, false))
    samples[2]!.push(await hit(of[1]!, true))
  }
  const during = await hitRate(bindings, request, 10_000, 1_000)
  await setExperiment(bindings, false)
  const before = await hitRate(bindings, request, 20_000, 1_000)
  const row = (what: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    const [minMs, medianMs, maxMs] = [sorted[0]!, sorted[Math.floor(sorted.length / 2)]!, sorted.at(-1)!]
    return { what, copies: 1, htmlBytes: 0, medianMs, minMs, maxMs, batches: values.length, batchSize: 50 }
  }
  const extra = (arm: number) => samples[arm]!.map((ms, i) => ms - samples[0]![i]!)
  return [
    row('request GET / (cache hit, counted), no experiment', samples[0]!),
    row('request GET / (cache hit, counted), experiment running, version A', samples[1]!),
    row('request GET / (cache hit, counted), experiment running, version B', samples[2]!),
    row('what the experiment adds to that hit, version A (within each round)', extra(1)),
    row('what the experiment adds to that hit, version B (within each round)', extra(2)),
    row('page cache hit rate, 1,000 new visitors: no experiment (a ratio, not ms)', [before]),
    row('page cache hit rate, 1,000 new visitors: experiment running (a ratio, not ms)', [during]),
  ]
}
