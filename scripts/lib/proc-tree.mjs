/**
 * The process tree of one `wrangler dev` (Linux /proc): its processes' resident memory, split into
 * workerd (the runtime serving requests) and the rest (wrangler's Node processes), the
 * `--persist-to` directory it keeps local state in and its `--inspector-port`. Used by the load
 * test to watch memory over time and to read the leads store afterwards.
 */
import { readdirSync, readFileSync } from 'node:fs'

/**
 * @typedef {{ pid: string, ppid: string, cmd: string }} Proc
 * @typedef {{ pid: string, workerd: boolean, rssBytes: number, cmd: string }} ProcMemory
 * @typedef {{ at: number, workerdRssBytes: number, nodeRssBytes: number, processes: ProcMemory[] }} MemorySample
 * @typedef {{ rootPid: string, persistDir: string | undefined, inspectorPort: string | undefined,
 *   pids: () => string[], sample: () => MemorySample }} WranglerTree
 */

/** @returns {Proc[]} */
function listProcesses() {
  const out = []
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      const ppid = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] ?? ''
      out.push({ pid, ppid, cmd })
    } catch {
      // the process ended meanwhile
    }
  }
  return out
}

/**
 * When a process started (clock ticks since boot), to tell it from a later one with the same pid.
 * @param {string} pid
 */
export function processStart(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[19] ?? ''
  } catch {
    return ''
  }
}

/** @param {string} pid */
function rssBytes(pid) {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) * 1024 : 0
  } catch {
    return 0
  }
}

/**
 * @param {string} port the `--port` wrangler dev was started with
 * @returns {WranglerTree | undefined} undefined without /proc or when no such wrangler runs
 */
export function wranglerTree(port) {
  /** @type {Proc[]} */
  let all
  try {
    all = listProcesses()
  } catch {
    return undefined
  }
  // The outermost process started with this port: node_modules/.bin/wrangler (it re-executes
  // wrangler's CLI as a child, which starts the workerd processes).
  const candidates = all.filter((p) => p.cmd.includes('wrangler') && p.cmd.includes(`--port\0${port}\0`))
  const root = candidates.find((p) => !candidates.some((q) => q.pid === p.ppid))
  if (!root) return undefined
  const args = root.cmd.split('\0')
  const argument = (/** @type {string} */ name) => {
    const index = args.indexOf(name)
    return index >= 0 ? args[index + 1] : undefined
  }

  /** @returns {Proc[]} */
  const tree = () => {
    const procs = listProcesses()
    const pids = new Set([root.pid])
    for (let grew = true; grew;) {
      grew = false
      for (const p of procs)
        if (pids.has(p.ppid) && !pids.has(p.pid)) {
          pids.add(p.pid)
          grew = true
        }
    }
    return procs.filter((p) => pids.has(p.pid))
  }

  return {
    rootPid: root.pid,
    persistDir: argument('--persist-to'),
    inspectorPort: argument('--inspector-port'),
    pids: () => tree().map((p) => p.pid),
    sample: () => {
      const processes = tree().map((p) => ({
        pid: p.pid,
        workerd: /(^|\/)workerd\0/.test(p.cmd),
        rssBytes: rssBytes(p.pid),
        cmd: p.cmd.replace(/\0/g, ' ').trim().slice(0, 400),
      }))
      const sum = (/** @type {boolean} */ workerd) =>
        processes.filter((p) => p.workerd === workerd).reduce((n, p) => n + p.rssBytes, 0)
      return { at: Date.now(), workerdRssBytes: sum(true), nodeRssBytes: sum(false), processes }
    },
  }
}
