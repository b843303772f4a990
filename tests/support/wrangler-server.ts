/**
 * Serves the production build (dist/) on workerd through `wrangler dev`, on a free loopback
 * port, with fresh local state (the D1 migrations applied). Used by the browser tests, the audit,
 * the benchmark and the load test. It runs with the variables it is given and wrangler.toml's,
 * never a developer's `.dev.vars` (which the build copies beside its wrangler.json), and with
 * SITE_ORIGIN cleared, so its pages name their own loopback origin.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { withWorkersAiStandIn } from './workers-ai-config.ts'

export const WORKER_CONFIG = 'dist/xr_stores_site/wrangler.json'

export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Applies wrangler.toml's D1 migrations to the local state in `persist`, as `npm run db:migrate` does. */
function applyMigrations(persist: string): void {
  // Any build of this project names the same database, so wrangler.toml's migrations fit the copy being served.
  execFileSync(
    'node_modules/.bin/wrangler',
    ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist],
    { env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' }, stdio: 'ignore' },
  )
}

const TEMPLATES = 'node_modules/.cache/xr-migrated-state'

/**
 * A local state with every migration applied, made once per set of migrations (and wrangler.toml)
 * and copied for each worker: `wrangler d1 migrations apply` takes 14 s of CPU, and the browser
 * tests alone start five workers. Another process may be making the same template at the same
 * moment; the first rename wins and the other's copy is dropped.
 */
function migratedTemplate(): string {
  const migrations = 'src/server/migrations'
  const hash = createHash('sha256').update(readFileSync('wrangler.toml'))
  for (const name of readdirSync(migrations).sort())
    hash.update(name).update(readFileSync(join(migrations, name)))
  const template = join(TEMPLATES, hash.digest('hex').slice(0, 16))
  if (existsSync(template)) return template
  mkdirSync(TEMPLATES, { recursive: true })
  const making = mkdtempSync(join(TEMPLATES, 'making-'))
  applyMigrations(making)
  try {
    renameSync(making, template)
  } catch {
    rmSync(making, { recursive: true, force: true })
  }
  return template
}

export interface RunningWorker {
  url: string
  /** The local state it serves (D1, KV, caches), for a test that reads what the worker stored. */
  state: string
  logs: () => string
  stop: () => Promise<void>
}

export interface StartOptions {
  /** wrangler.json of the build to serve (default: dist/, as built by `vite build`). */
  config?: string
  /** Keep the local state (KV, caches) after stop, for a caller that reads it afterwards. */
  keepState?: boolean
  /** Serve this local state (a caller's, seeded beforehand) instead of a fresh one; it is kept. */
  persistTo?: string
  /** Serve the Workers AI stand-in as the AI binding (support/workers-ai-config.ts); without it AI is left out, as under `npm run preview`. */
  workersAi?: boolean
}

export async function startWorker(
  vars: Record<string, string> = {},
  { config = WORKER_CONFIG, keepState = false, persistTo, workersAi = false }: StartOptions = {},
): Promise<RunningWorker> {
  const persist = persistTo ?? mkdtempSync(join(tmpdir(), 'xr-site-state-'))
  // The local D1 database gets the migrations first, as `npm run preview` does: a caller's state
  // through wrangler itself, a fresh one as a copy of the migrated template.
  if (persistTo) applyMigrations(persist)
  else cpSync(migratedTemplate(), persist, { recursive: true })
  // An --env-file stops wrangler reading .dev.vars; this one is empty.
  const noLocalVariables = join(persist, 'no-local-variables.env')
  writeFileSync(noLocalVariables, '')
  const configs = workersAi ? withWorkersAiStandIn(config, persist) : ['--config', config]
  // A free port is only free until someone takes it: another server starting at the same moment
  // (the browser tests start five, and other test runs share the machine) can bind it between our
  // probe and wrangler's listen. Wrangler then exits saying so, and we try again on new ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await serve(configs, persist, noLocalVariables, vars, () => {
        if (!keepState && !persistTo) rmSync(persist, { recursive: true, force: true })
      })
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 5) throw error
    }
  }
}

/**
 * Whether a process under `root` listens on loopback `port`, read from Linux's /proc (assumed true
 * where there is none): an answer on the port is then this wrangler's.
 */
function treeListensOn(root: number, port: number): boolean {
  if (!existsSync('/proc/net/tcp')) return true
  const portHex = ':' + port.toString(16).toUpperCase().padStart(4, '0')
  const listening = new Set(
    readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[1]?.endsWith(portHex) && fields[3] === '0A')
      .map((fields) => `socket:[${fields[9]}]`),
  )
  const parentOf = new Map<number, number>()
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // The process ended while we read.
    }
  }
  const inTree = (pid: number): boolean => pid === root || (pid > 1 && inTree(parentOf.get(pid) ?? 0))
  for (const pid of [...parentOf.keys()].filter(inTree)) {
    try {
      const fds = readdirSync(`/proc/${pid}/fd`)
      if (fds.some((fd) => listening.has(readlinkSafe(`/proc/${pid}/fd/${fd}`)))) return true
    } catch {
      // Ended, or not ours to read.
    }
  }
  return false
}

function readlinkSafe(path: string): string {
  try {
    return readlinkSync(path)
  } catch {
    return ''
  }
}

/** Wrangler could not listen: the port we chose was taken after we chose it. */
class PortTaken extends Error {}

async function serve(
  configs: string[],
  persist: string,
  noLocalVariables: string,
  vars: Record<string, string>,
  dropState: () => void,
): Promise<RunningWorker> {
  const port = await freePort()
  const args = ['dev', ...configs, '--local', '--ip', '127.0.0.1', '--port', String(port)]
  args.push(
    // The production build names its custom domain as a route; serve on the real local origin.
    '--infer-origin-from-routes=false',
    '--env-file',
    noLocalVariables,
    '--persist-to',
    persist,
    '--inspector-port',
    String(await freePort()),
    '--show-interactive-dev-session=false',
    // Warnings and errors only: wrangler's line for every request cost its Node 2.4 ms and its
    // proxy 1.5 ms of CPU a request (a page of 40 pictures, 0.16 CPU-seconds), for a log no test reads.
    '--log-level',
    'warn',
  )
  for (const [key, value] of Object.entries({ SITE_ORIGIN: '', ...vars }))
    args.push('--var', `${key}:${value}`)
  const child: ChildProcess = spawn('node_modules/.bin/wrangler', args, {
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1', CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (d) => (output += String(d)))
  child.stderr?.on('data', (d) => (output += String(d)))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  // With info lines off, "Ready on" is not printed: the worker is ready once it answers, on a port
  // its own processes hold (another server may have taken the port between our probe and its listen).
  const answers = () =>
    fetch(url + '/favicon.svg').then(
      (r) => r.ok && treeListensOn(child.pid!, port),
      () => false,
    )
  while (!(await answers())) {
    if (child.exitCode !== null) {
      if (output.includes('Address already in use')) throw new PortTaken(output)
      throw new Error(`wrangler dev exited:\n${output}`)
    }
    if (Date.now() > deadline) throw new Error(`wrangler dev did not start:\n${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    state: persist,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      dropState()
    },
  }
}
