/**
 * The Workers AI stand-in as a worker of its own, for the production build served by `wrangler
 * dev` (support/wrangler-server.ts `workersAi`), where the real binding cannot run: the site's `AI`
 * binding becomes a service binding to this entrypoint, whose `run(model, inputs)` is the worker
 * tests' stand-in (tests/worker/support/workers-ai.ts), reached by RPC as the binding is called.
 */
import { WorkerEntrypoint } from 'cloudflare:workers'
import { workersAiStandIn } from '../worker/support/workers-ai'

const standIn = workersAiStandIn().overrides.AI as unknown as {
  run(model: string, inputs: unknown): Promise<unknown>
}

export class WorkersAi extends WorkerEntrypoint {
  run(model: string, inputs: unknown): Promise<unknown> {
    return standIn.run(model, inputs)
  }
}

export default {
  fetch: () => new Response('The Workers AI stand-in answers only its binding’s run().', { status: 404 }),
}
