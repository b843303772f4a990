/**
 * `npm run bench -- --scale-export [--leads 1000000] [--no-build]`: what the CSV export of every lead
 * costs the production worker (issue 33): the production build on workerd (`wrangler dev`), its
 * local D1 seeded beforehand with `leads` leads (bench/scale/seed.ts), then one download of
 * /admin/leads.csv read to its end. Reports the rows and bytes, the wall time, the CPU workerd
 * spent (/proc: the worker and the local D1 together, so an upper bound of the worker's own), and
 * the isolate's JavaScript heap before and, sampled every second, during the download.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { leadSeedSql, SEED_BATCH } from '../scale/seed.ts'
import { startWorker } from '../../tests/support/wrangler-server.ts'
import { wranglerTree } from '../../scripts/lib/proc-tree.mjs'
import { cpuSampler } from './proc-cpu.mjs'
import { signIn } from './sign-in.mjs'
import { workerHeap } from './worker-heap.mjs'

const PASSWORD = 'export-cost-password'
const MIB = 2 ** 20
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' }

/** @param {{ leads?: number, build?: boolean }} options */
export async function runExportCost({ leads = 1_000_000, build = true } = {}) {
  if (build)
    execFileSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...env, NODE_ENV: 'production' },
    })
  const persist = mkdtempSync(join(tmpdir(), 'xr-export-cost-'))
  try {
    const wrangler = (/** @type {string[]} */ args) =>
      execFileSync('node_modules/.bin/wrangler', [...args, '--local', '--persist-to', persist], {
        env,
        stdio: 'ignore',
      })
    wrangler(['d1', 'migrations', 'apply', 'DB'])
    console.error(`• seeding ${leads.toLocaleString('en')} leads…`)
    const now = new Date()
    const file = join(persist, 'seed.sql')
    for (let start = 0; start < leads; start += SEED_BATCH) {
      writeFileSync(file, leadSeedSql(start, Math.min(leads, start + SEED_BATCH) - 1, leads, now))
      wrangler(['d1', 'execute', 'DB', '--file', file])
    }
    const worker = await startWorker({ ADMIN_PASSWORD: PASSWORD }, { persistTo: persist })
    try {
      const base = worker.url
      const cookie = await signIn(base, PASSWORD)
      const { inspectorPort } = wranglerTree(new URL(base).port) ?? {}
      const sample = cpuSampler(new URL(base).port)
      const nudge = () => fetch(`${base}/robots.txt`)
      const heapBefore = inspectorPort ? (await workerHeap(inspectorPort, { nudge })).usedBytes : NaN
      let peak = heapBefore
      const cpuBefore = sample?.()
      const started = Date.now()
      const res = await fetch(`${base}/admin/leads.csv`, { headers: { cookie } })
      if (res.status !== 200) throw new Error(`export answered ${res.status}`)
      let bytes = 0
      let lines = 0
      let sampling = Promise.resolve()
      let lastSample = started
      const reader = res.body.getReader()
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        bytes += read.value.byteLength
        for (const byte of read.value) if (byte === 10) lines += 1
        if (inspectorPort && Date.now() - lastSample > 1000) {
          lastSample = Date.now()
          sampling = sampling.then(async () => {
            peak = Math.max(peak, (await workerHeap(inspectorPort)).usedBytes)
          })
        }
      }
      const seconds = (Date.now() - started) / 1000
      await sampling
      const cpuAfter = sample?.()
      const cpu = cpuBefore && cpuAfter ? (cpuAfter.workerdMs - cpuBefore.workerdMs) / 1000 : NaN
      console.log(
        [
          `CSV export of every lead, ${leads.toLocaleString('en')} leads in D1:`,
          `  rows ${(lines - 1).toLocaleString('en')}, ${(bytes / MIB).toFixed(0)} MiB in ${seconds.toFixed(1)} s`,
          `  workerd CPU (worker and local D1) ${cpu.toFixed(1)} s`,
          `  worker heap before ${(heapBefore / MIB).toFixed(1)} MiB, highest sampled during ${(peak / MIB).toFixed(1)} MiB`,
        ].join('\n'),
      )
    } finally {
      await worker.stop()
    }
  } finally {
    rmSync(persist, { recursive: true, force: true })
  }
  return 0
}
