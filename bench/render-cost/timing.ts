/**
 * The render-cost measure's clock: deployed Workers advance timers only on I/O, so a batch is
 * timed between two KV reads, less what one read costs; the figure is the median over batches.
 */
import { env } from 'cloudflare:test'

export const BATCHES = Number(import.meta.env.VITE_RENDER_BATCHES ?? 25)

export const tick = () => (env as unknown as { TICK: KVNamespace }).TICK.get('tick')

/** Median per-operation milliseconds over batches of `size` operations. */
export async function measure(size: number, op: () => Promise<unknown> | unknown) {
  for (let i = 0; i < 3; i++) await op() // warm-up (JIT, module init)
  const tickCosts: number[] = []
  for (let i = 0; i < 10; i++) {
    await tick()
    const t0 = performance.now()
    await tick()
    tickCosts.push(performance.now() - t0)
  }
  const tickMs = median(tickCosts)
  const perOp: number[] = []
  for (let b = 0; b < BATCHES; b++) {
    await tick()
    const t0 = performance.now()
    for (let i = 0; i < size; i++) await op()
    await tick()
    perOp.push(Math.max(0, performance.now() - t0 - tickMs) / size)
  }
  const sorted = [...perOp].sort((a, b) => a - b)
  return {
    medianMs: median(perOp),
    minMs: sorted[0] ?? NaN,
    maxMs: sorted.at(-1) ?? NaN,
    batches: BATCHES,
    batchSize: size,
  }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2
}
