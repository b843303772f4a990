/**
 * What the operators read: every log line one JSON object with area, message and ids (never a
 * visitor's data), errors as Error objects; and an unexpected failure raising a `site.error`
 * alert through the webhook, folded per 10 minutes like the lead alerts.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import type { Bindings } from '../../../src/env'
import { ALERT_WINDOW_MS } from '../../../src/server/platform/services/alerts'
import { app } from '../../../src/worker'
import {
  adminPost,
  captureConsole,
  env,
  eventually,
  leadRecord,
  newWebhook,
  ORIGIN,
  postContact,
  servicesOf,
  validContact,
  runScheduledJob,
} from '../support'
import { FAILURE_PATH } from '../support/test-routes'

describe('logs', () => {
  it('are one JSON object per line, naming a lead by id through its whole life, never by its content', async () => {
    const logs = captureConsole()
    const contact = validContact()
    const res = await postContact(JSON.stringify(contact))
    expect(res.status).toBe(202)
    const { id } = (await res.json()) as { id: string }
    await eventually(async () => ((await leadRecord(id))?.status === 'delivered' ? true : undefined))
    const erased = await adminPost(`/admin/leads/${id}/erase`)
    expect(erased.response.status).toBe(303)

    const story = logs.records
      .filter((line) => line.leadId === id)
      .map((line) => `${line.area} ${line.message}`)
    expect(story).toEqual(
      expect.arrayContaining([
        'contact lead accepted and queued',
        'leads lead delivered',
        'leads lead erased',
      ]),
    )
    // Every console line was a structured record, and none carries what the visitor typed.
    expect(logs.records.length).toBe(logs.lines.length)
    for (const line of logs.records) {
      expect(line).toMatchObject({
        level: expect.stringMatching(/^(info|warn|error)$/),
        area: expect.any(String),
        message: expect.any(String),
      })
    }
    for (const secret of [contact.name, contact.email, contact.phone, contact.inquiry]) {
      expect(logs.text()).not.toContain(secret)
    }
  })

  it('carry a thrown error as its name, message and stack', async () => {
    const logs = captureConsole()
    const ctx = createExecutionContext()
    await app.request(ORIGIN + FAILURE_PATH, {}, env, ctx)
    await waitOnExecutionContext(ctx)
    expect(logs.find({ area: 'app', message: 'Unhandled error' })).toEqual([
      expect.objectContaining({
        level: 'error',
        path: FAILURE_PATH,
        error: {
          name: 'TypeError',
          message: 'the showroom list is undefined',
          stack: expect.stringContaining('TypeError: the showroom list is undefined'),
        },
      }),
    ])
  })
})

describe('site.error alerts', () => {
  async function fail(bindings: Partial<Bindings>) {
    const ctx = createExecutionContext()
    const response = await app.request(ORIGIN + FAILURE_PATH, {}, { ...env, ...bindings }, ctx)
    await waitOnExecutionContext(ctx) // the alert goes out in waitUntil
    return response
  }

  it('post an unexpected 500 to the webhook once per 10 minutes, folding the rest into a summary', async () => {
    captureConsole()
    const webhook = await newWebhook()
    const bindings = { ALERT_WEBHOOK_URL: webhook.url, SITE_ORIGIN: 'https://www.xr-stores.example' }
    expect((await fail(bindings)).status).toBe(500)
    expect((await fail(bindings)).status).toBe(500)
    expect((await fail(bindings)).status).toBe(500)
    expect(await webhook.received()).toEqual([
      {
        event: 'site.error',
        leadId: null,
        reason: `500 on ${FAILURE_PATH}: TypeError: the showroom list is undefined`,
        text: `XR Stores site: the site failed a request: 500 on ${FAILURE_PATH}: TypeError: the showroom list is undefined. Workers Logs has each one (area "app" or "pages", level error).`,
      },
    ])

    const realNow = Date.now.bind(Date)
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + ALERT_WINDOW_MS + 1000)
    await runScheduledJob('sweep', { ...env, ...bindings })
    const [, summary] = await webhook.received()
    expect(summary).toMatchObject({
      event: 'site.error',
      text: expect.stringMatching(/the site failed 2 requests/),
    })
  })

  it('link lead alerts to the console on SITE_ORIGIN', async () => {
    const webhook = await newWebhook()
    await servicesOf({
      ALERT_WEBHOOK_URL: webhook.url,
      SITE_ORIGIN: 'https://www.xr-stores.example',
    }).platform.alerts.send({
      event: 'lead.dead',
      leadId: 'lead-9',
      reason: 'EmailJS 403',
    })
    const [alert] = await webhook.received()
    expect(alert?.text).toContain('Open https://www.xr-stores.example/admin/leads to act on it.')
  })
})
