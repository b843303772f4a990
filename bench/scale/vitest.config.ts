import { workerdBench } from '../lib/workerd-bench.ts'

/**
 * The console at 1,000 / 100,000 / 1,000,000 leads, inside workerd with its local D1:
 * `npm run bench -- --scale` runs it once per size (bench/lib/scale.mjs).
 */
export default workerdBench({ include: ['bench/scale/*.measure.ts'], testTimeout: 3_600_000, console: true })
