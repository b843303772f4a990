/**
 * wrangler.toml for a real account: production only on its custom domain, and a staging
 * environment whose every binding is its own, which keeps leads in its outbox.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'smol-toml'
import { describe, expect, it } from 'vitest'
import { CRON } from '../../src/server/maintenance'

interface Bindings {
  workers_dev?: boolean
  vars?: Record<string, string>
  kv_namespaces?: { binding: string; id: string }[]
  d1_databases?: { binding: string; database_name: string; database_id: string }[]
  queues?: {
    producers?: { binding: string; queue: string }[]
    consumers?: { queue: string; dead_letter_queue?: string; max_concurrency?: number }[]
  }
  ratelimits?: { name: string; namespace_id: string }[]
  durable_objects?: { bindings: { name: string; class_name: string }[] }
  observability?: { enabled?: boolean; head_sampling_rate?: number; traces?: { enabled?: boolean } }
  triggers?: { crons?: string[] }
}

const config = parse(
  readFileSync(join(import.meta.dirname, '../../wrangler.toml'), 'utf8'),
) as unknown as Bindings & {
  env: { staging: Bindings }
}
const production = config
const staging = config.env.staging

/** The resource a binding of each kind names, by binding name. */
function resources(b: Bindings): Record<string, string> {
  return {
    ...Object.fromEntries((b.kv_namespaces ?? []).map((kv) => [`kv ${kv.binding}`, kv.id])),
    ...Object.fromEntries(
      (b.d1_databases ?? []).map((db) => [`d1 ${db.binding}`, `${db.database_name} ${db.database_id}`]),
    ),
    ...Object.fromEntries((b.queues?.producers ?? []).map((q) => [`queue ${q.binding}`, q.queue])),
    ...Object.fromEntries(
      (b.queues?.consumers ?? []).map((q) => [
        `consumer ${q.queue}`,
        `${q.queue} ${q.dead_letter_queue ?? ''}`,
      ]),
    ),
    ...Object.fromEntries((b.ratelimits ?? []).map((r) => [`ratelimit ${r.name}`, r.namespace_id])),
  }
}

describe('production', () => {
  it('is never on workers.dev, and names its canonical origin', () => {
    expect(production.workers_dev).toBe(false)
    expect(URL.parse(production.vars!.SITE_ORIGIN!)?.protocol).toBe('https:')
  })

  it('has Workers Logs and traces on', () => {
    expect(production.observability).toMatchObject({ enabled: true, traces: { enabled: true } })
    expect(production.observability!.head_sampling_rate).toBeGreaterThan(0)
  })
})

describe('staging', () => {
  it('declares every binding production has, each naming a resource of its own', () => {
    const prod = resources(production)
    const stage = resources(staging)
    expect(
      Object.keys(stage)
        .map((key) => key.replace(/-staging/, ''))
        .sort(),
    ).toEqual(Object.keys(prod).sort())
    const prodValues = new Set(Object.values(prod))
    for (const [binding, resource] of Object.entries(stage)) {
      expect(prodValues.has(resource), `${binding} shares ${resource} with production`).toBe(false)
    }
    expect(staging.durable_objects?.bindings.map((b) => b.name)).toEqual(
      production.durable_objects?.bindings.map((b) => b.name),
    )
  })

  it('names nothing a default or another worker in the account could share, in either environment', () => {
    for (const config of [production, staging]) {
      const queues = [
        ...(config.queues?.producers ?? []).map((q) => q.queue),
        ...(config.queues?.consumers ?? []).flatMap((q) => [q.queue, q.dead_letter_queue ?? q.queue]),
      ]
      expect(queues.length).toBeGreaterThan(0)
      for (const queue of queues) expect(queue).toMatch(/^xr-stores-/)
      for (const { namespace_id } of config.ratelimits ?? []) {
        // The docs' examples (1001…) and other small ids are what a copied config would use.
        expect(Number(namespace_id), namespace_id).toBeGreaterThanOrEqual(100_000)
      }
      const leadConsumer = config.queues?.consumers?.find((q) => q.dead_letter_queue)
      expect(leadConsumer?.max_concurrency, 'EmailJS takes one request a second').toBe(1)
    }
  })

  it('keeps leads in its outbox instead of e-mailing them, and lives on workers.dev', () => {
    expect(staging.vars?.LEAD_DELIVERY).toBe('outbox')
    expect(production.vars?.LEAD_DELIVERY).toBe('emailjs')
    expect(staging.workers_dev).toBe(true)
  })
})

describe('both environments', () => {
  it('declare every variable, so a deploy keeps none set only in the dashboard and the build warns of none', () => {
    // A deploy replaces the worker's variables with the declared ones; vars are not inherited,
    // and wrangler warns of each top-level one an environment lacks.
    expect(Object.keys(staging.vars!).sort()).toEqual(Object.keys(production.vars!).sort())
    for (const config of [production, staging]) expect(config.vars?.LEAD_WEBHOOK_URL).toBe('')
  })

  it('declare one Cron Trigger each, the one the scheduled handler dispatches from (Workers Free allows 5 an account)', () => {
    // Each environment deploys as a Worker of its own, and `triggers` is inherited when not declared.
    for (const config of [production, staging]) expect(config.triggers?.crons).toEqual([CRON])
  })
})
