/**
 * Lighthouse on two builds in one session, alternating (issue 62's "Lighthouse mobile is unchanged
 * on `/`, `/about-us` and a landing page, read in one run against the build before this change"):
 *
 *   git worktree add ../before de534e0 && (cd ../before && npm run build)   # the build before
 *   npm run build && node bench/audit/before-after.mjs --before ../before [--runs 3] [--routes /,/about-us]
 *
 * Both builds (this tree's dist/ and the other tree's) are served at once behind the gzip proxy,
 * each with its own tree's D1 migrations and with the campaign template published as
 * /audit-campaign through that build's own console (its own schema and template, so each build
 * gets the page its code knows). Then, for each run, each route is read by Lighthouse mobile
 * (simulated throttling, a fresh Chromium each time) on the build before and then on this one,
 * so a change in the machine's load falls on both alike. Prints the medians and every sample
 * with the 1-minute load average; writes reports/audit-before-after.{json,md}.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { runnerImport } from 'vite'
import { listArg, parseArgs } from '../../scripts/lib/routes.mjs'
import { serveSnapshot } from '../../scripts/lib/serve.mjs'
import { snapshotBuild } from '../../scripts/lib/snapshot.mjs'
import { kb, markdownTable } from '../lib/table.mjs'
import { runLighthouse, withRetries } from './runners.mjs'
import { publishPage, signIn } from './seeded-pages.mjs'
import { summarise } from './verdict.mjs'

const args = parseArgs(process.argv.slice(2))
if (typeof args.before !== 'string') throw new Error('--before <the other worktree, built> is required')
const beforeTree = resolve(args.before)
const runs = Number(args.runs ?? 3)
const routes = listArg(args.routes) ?? ['/', '/about-us', '/audit-campaign']

const builds = [
  { name: 'before', tree: beforeTree, snapshot: copyBuild(beforeTree) },
  { name: 'after', tree: process.cwd(), snapshot: snapshotBuild({ build: false }) },
]
/** @type {{ stop: () => Promise<void> }[]} */
const servers = []
try {
  for (const build of builds) {
    const server = await serveIn(build.tree, build.snapshot)
    servers.push(server)
    build.url = server.url
    await publishCampaign(server.workerUrl, build.tree)
  }
  /** @type {Record<string, any[]>} */
  const samples = {}
  for (let run = 1; run <= runs; run++) {
    for (const route of routes) {
      for (const build of builds) {
        console.error(`• Lighthouse mobile ${build.name} ${route} (run ${run}/${runs})…`)
        const load = loadavg()[0]
        const sample = await withRetries(() => runLighthouse(build.url + route, 'mobile'))
        ;(samples[`${route} ${build.name}`] ??= []).push({ ...sample, run, load })
      }
    }
  }
  const rows = []
  for (const route of routes) {
    for (const build of builds) {
      const mine = samples[`${route} ${build.name}`] ?? []
      const s = summarise(mine.map(({ run: _run, load: _load, ...sample }) => sample))
      const each = mine.map((m) => `${m.performance}/${Math.round(m.lcpMs)}/${Math.round(m.tbtMs)}`)
      rows.push([
        route,
        build.name,
        s.performance,
        Math.round(s.lcpMs),
        Math.round(s.tbtMs),
        s.cls.toFixed(3),
        kb(s.jsBytes),
        mine.map((m) => kb(m.jsBytes)).join(' '),
        each.join(' · '),
        mine.map((m) => m.load.toFixed(1)).join(' '),
      ])
    }
  }
  const table = markdownTable(
    [
      'page',
      'build',
      'Perf',
      'LCP ms',
      'TBT ms',
      'CLS',
      'JS KB',
      'JS KB each run',
      'each run: Perf/LCP/TBT',
      'load (1 min)',
    ],
    rows,
  )
  const note = `Lighthouse mobile (simulated throttling), median of ${runs}, alternating before (${beforeTree}) and after (${process.cwd()}).`
  console.log(`\n${table}\n\n${note}`)
  mkdirSync('reports', { recursive: true })
  const meta = { date: new Date().toISOString(), runs, before: beforeTree, after: process.cwd() }
  writeFileSync('reports/audit-before-after.json', JSON.stringify({ ...meta, samples }, null, 2))
  writeFileSync('reports/audit-before-after.md', `# Lighthouse before and after\n\n${table}\n\n${note}\n`)
} finally {
  for (const server of servers) await server.stop()
  for (const build of builds) build.snapshot.remove()
}

/** A private copy of another tree's dist/ (snapshotBuild's shape). @param {string} tree */
function copyBuild(tree) {
  const dir = mkdtempSync(join(tmpdir(), 'xr-tools-before-'))
  cpSync(join(tree, 'dist'), dir, { recursive: true })
  return {
    dir,
    client: join(dir, 'client'),
    config: join(dir, 'xr_stores_site', 'wrangler.json'),
    manifest: join(dir, 'client', '.vite', 'manifest.json'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}

/**
 * Serves a snapshot from its own tree, so wrangler applies that tree's migrations.
 * @param {string} tree @param {{ config: string }} snapshot
 */
async function serveIn(tree, snapshot) {
  const here = process.cwd()
  process.chdir(tree)
  try {
    return await serveSnapshot(snapshot, { gzip: true })
  } finally {
    process.chdir(here)
  }
}

/**
 * The campaign template published as /audit-campaign, with the tree's own modules (as
 * seeded-pages.mjs publishes it for `npm run audit -- --pages`).
 * @param {string} origin @param {string} tree
 */
async function publishCampaign(origin, tree) {
  const load = async (id) =>
    (await runnerImport(id, { configFile: false, logLevel: 'error', root: tree })).module
  const { formFieldsOf } = await load('/tests/support/form-fields.ts')
  const { composedPageSchema } = await load('/src/schemas/composed-pages.ts')
  const { LANDING_TEMPLATES } = await load('/src/content/landing-templates.ts')
  const page = {
    ...LANDING_TEMPLATES.campaign,
    slug: 'audit-campaign',
    title: 'Our XR stores at the retail fair',
    description: 'Meet us at the retail fair and see a 3D store built with your own products in minutes.',
    search: 'listed',
  }
  await publishPage(origin, await signIn(origin), page, formFieldsOf(composedPageSchema, page, 'page'))
}
