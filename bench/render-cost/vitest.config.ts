import { workerdBench } from '../lib/workerd-bench.ts'

/**
 * Measures the home page render inside workerd (the runtime Workers run), with production React and
 * JSX calls as in the deployed bundle: `npm run bench` runs it.
 */
export default workerdBench({
  include: ['bench/render-cost/*.measure.tsx'],
  testTimeout: 600_000,
  production: true,
})
