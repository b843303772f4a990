/**
 * CPU time used by a `wrangler dev` process tree (Linux /proc), split into workerd (the runtime
 * serving requests) and the rest (wrangler's Node process). Used to report CPU per request, a
 * steadier figure than requests/s on a shared machine.
 */
import { readdirSync, readFileSync } from 'node:fs'

const TICKS_PER_SECOND = 100 // USER_HZ on Linux

/**
 * @param {string} port the `--port` wrangler dev was started with
 * @returns {(() => { workerdMs: number, nodeMs: number }) | undefined} a sampler, or undefined without /proc
 */
export function cpuSampler(port) {
  const list = () => {
    const out = []
    for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
      try {
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
        out.push({ pid, cmd, ppid: fields[1], ticks: Number(fields[11]) + Number(fields[12]) })
      } catch {
        // the process ended meanwhile
      }
    }
    return out
  }
  try {
    const root = list().find((p) => p.cmd.includes('wrangler') && p.cmd.includes(`--port\0${port}\0`))
    if (!root) return undefined
    return () => {
      const all = list()
      const tree = new Set([root.pid])
      for (let grew = true; grew;) {
        grew = false
        for (const p of all)
          if (p.ppid && tree.has(p.ppid) && !tree.has(p.pid)) grew = Boolean(tree.add(p.pid))
      }
      const ms = (pick) =>
        (all.filter((p) => tree.has(p.pid) && pick(p)).reduce((n, p) => n + p.ticks, 0) * 1000) /
        TICKS_PER_SECOND
      return {
        workerdMs: ms((p) => p.cmd.includes('workerd')),
        nodeMs: ms((p) => !p.cmd.includes('workerd')),
      }
    }
  } catch {
    return undefined
  }
}
