/**
 * Workers AI for a production build served by `wrangler dev --local` (support/wrangler-server.ts):
 * wrangler.toml's `[ai]` is remote only, and locally the binding is left out, so Suggest says it
 * needs Workers AI. For the browser tests the build's config is copied with `AI` as a service
 * binding to the stand-in worker (support/workers-ai-worker.ts), served beside it by the same
 * `wrangler dev`; the site's code calls `env.AI.run(model, inputs)` exactly as in production.
 * `npm run preview` and `npm run dev` are unchanged.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

const STAND_IN = { name: 'workers-ai-stand-in', entrypoint: 'WorkersAi' }

/**
 * The `-c` arguments that serve `config` with the stand-in as its AI binding: the copy of the
 * build's config (beside it, so its relative paths still hold) and the stand-in's own, in `dir`.
 */
export function withWorkersAiStandIn(config: string, dir: string): string[] {
  const build = JSON.parse(readFileSync(config, 'utf8')) as Record<string, unknown>
  const { ai, services = [], ...rest } = build as { ai?: { binding: string }; services?: unknown[] }
  const binding = ai?.binding ?? 'AI'
  const site = {
    ...rest,
    services: [...services, { binding, service: STAND_IN.name, entrypoint: STAND_IN.entrypoint }],
  }
  // Written under a name of its own and moved into place: servers starting at once may each write it.
  const siteConfig = join(dirname(config), 'wrangler.workers-ai-stand-in.json')
  const making = `${siteConfig}.${process.pid}.${Date.now()}`
  writeFileSync(making, JSON.stringify(site))
  renameSync(making, siteConfig)
  const standInConfig = join(dir, 'workers-ai-stand-in.json')
  writeFileSync(
    standInConfig,
    JSON.stringify({
      name: STAND_IN.name,
      main: resolve('tests/support/workers-ai-worker.ts'),
      compatibility_date: build.compatibility_date,
    }),
  )
  return ['--config', siteConfig, '--config', standInConfig]
}
