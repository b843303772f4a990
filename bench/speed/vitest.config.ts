import { workerdBench } from '../lib/workerd-bench.ts'

/**
 * Field speed's costs inside workerd with its local D1 (issue 62): one beacon's ingestion, and the
 * Speed page at 1 and 400 days of histograms. `npm run bench -- --speed` runs it (bench/lib/speed.mjs).
 */
export default workerdBench({
  include: ['bench/speed/*.measure.ts'],
  testTimeout: 3_600_000,
  production: true,
  console: true,
})
