/** Leads as tests meet them: rows in D1, stored directly in any status, and the alert webhook. */
import { inject } from 'vitest'
import type { Attribution, LeadContent, LeadStatus } from '../../../src/server/leads/storage/lead-model'
import { LeadQueries, type LeadRow } from '../../../src/server/leads/storage/lead-queries'
import { env } from './app'

export async function leadRecord(id: string): Promise<LeadRow | null> {
  const row = await new LeadQueries(env.DB).get(id)
  if (!row.ok) throw new Error(row.error.message)
  return row.value
}

export async function leadCount(): Promise<number> {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM leads').first<{ n: number }>()
  return row?.n ?? 0
}

export function newLeadContent(): LeadContent {
  const marker = crypto.randomUUID().slice(0, 8)
  // The marker as ten digits: a search for this phone then finds this lead alone. The marker's own
  // digits were sometimes none or "010", a prefix of the "0100" every lead's phone has.
  const digits = String(parseInt(marker, 16)).padStart(10, '0')
  return {
    name: `Grace Hopper ${marker}`,
    email: `grace.${marker}@example.com`,
    phone: `+1 555 0100 ${digits}`,
    inquiry: `Please call us about a virtual showroom. ${marker}`,
    localTime: '11/22/2026, 9:41:00 AM',
  }
}

const NO_ATTRIBUTION: Attribution = {
  pagePath: null,
  referrer: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
}

/** A lead row as the intake (or a later step) would have left it. */
export async function storeLead(
  fields: Partial<{
    status: LeadStatus
    receivedAt: string
    claimedAt: string
    attempts: number
    lastError: string
  }> = {},
  content: LeadContent = newLeadContent(),
  attribution: Attribution = NO_ATTRIBUTION,
): Promise<{ id: string; content: LeadContent }> {
  const id = crypto.randomUUID()
  const receivedAt = fields.receivedAt ?? new Date().toISOString()
  await env.DB.prepare(
    `INSERT INTO leads (id, received_at, updated_at, status, attempts, last_error, claimed_at,
       name, email, phone, inquiry, local_time, page_path, referrer, utm_source, utm_medium, utm_campaign)
     VALUES (?1, ?2, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)`,
  )
    .bind(
      id,
      receivedAt,
      fields.status ?? 'accepted',
      fields.attempts ?? 0,
      fields.lastError ?? null,
      fields.claimedAt ?? null,
      content.name,
      content.email,
      content.phone,
      content.inquiry,
      content.localTime,
      attribution.pagePath,
      attribution.referrer,
      attribution.utmSource,
      attribution.utmMedium,
      attribution.utmCampaign,
    )
    .run()
  return { id, content }
}

// --- the alert webhook stand-in (tests/support/fake-webhook.ts) ---

const webhookBase = `http://127.0.0.1:${inject('webhookPort')}`

export async function newWebhook() {
  const name = `hook-${crypto.randomUUID().slice(0, 8)}`
  return {
    url: `${webhookBase}/hooks/${name}`,
    async received(): Promise<{ text: string; event: string; leadId: string | null; reason: string }[]> {
      return (await fetch(`${webhookBase}/__received/${name}`)).json()
    },
    /** Each post's raw body and headers (lower-case names). */
    async requests(): Promise<{ body: string; headers: Record<string, string> }[]> {
      return (await fetch(`${webhookBase}/__requests/${name}`)).json()
    },
    async failWith(status: number): Promise<void> {
      await fetch(`${webhookBase}/__control/${name}`, { method: 'POST', body: JSON.stringify({ status }) })
    },
  }
}
