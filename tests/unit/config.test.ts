/**
 * Production's durations and numbers: the worker tests run on fast ones (tests/support/timings.ts),
 * so a changed default would go unnoticed there. This pins them; change it with the default, on purpose.
 */
import { describe, expect, it } from 'vitest'
import type { Bindings } from '../../src/env'
import { configFrom, DEFAULT_TIMINGS } from '../../src/server/platform/config'
import { TEST_TIMINGS } from '../support/timings'

const env = (vars: Partial<Bindings>) => vars as Bindings

describe('the worker’s Config', () => {
  it('has production’s durations by default', () => {
    expect(DEFAULT_TIMINGS).toEqual({
      emailJsSpacingMs: 1100,
      emailJsBudgetMs: 10_000,
      salesEmailBudgetMs: 10_000,
      leadWebhookBudgetMs: 10_000,
      alertWebhookBudgetMs: 5_000,
      turnstileBudgetMs: 4_000,
      settingsStoreBudgetMs: 2_500,
      analyticsSqlBudgetMs: 5_000,
      accessKeysBudgetMs: 3_000,
      trafficFlushMs: 5_000,
      retentionBatchLeads: 1_000,
    })
    expect(configFrom(env({})).timings).toEqual(DEFAULT_TIMINGS)
  })

  it('reads the deployer’s numbers, with the documented defaults', () => {
    expect(configFrom(env({}))).toMatchObject({
      dailyEmailCap: 100,
      leadRetentionDays: 90,
      spamRetentionDays: 30,
      activityRetentionDays: 400,
      trafficRetentionDays: 400,
    })
    const set = configFrom(
      env({
        CONTACT_DAILY_EMAIL_CAP: '0',
        LEAD_RETENTION_DAYS: '30',
        SPAM_RETENTION_DAYS: '7',
        ACTIVITY_RETENTION_DAYS: '90',
        TRAFFIC_RETENTION_DAYS: '800',
      }),
    )
    expect(set).toMatchObject({
      dailyEmailCap: 0,
      leadRetentionDays: 30,
      spamRetentionDays: 7,
      activityRetentionDays: 90,
      trafficRetentionDays: 800,
    })
    expect(configFrom(env({ CONTACT_DAILY_EMAIL_CAP: 'lots', LEAD_RETENTION_DAYS: '-1' }))).toMatchObject({
      dailyEmailCap: 100,
      leadRetentionDays: 90,
    })
  })

  it('takes the tests’ TIMINGS whole, and part of one over the defaults', () => {
    expect(configFrom(env({ TIMINGS: JSON.stringify(TEST_TIMINGS) })).timings).toEqual(TEST_TIMINGS)
    expect(configFrom(env({ TIMINGS: '{"emailJsSpacingMs":0}' })).timings).toEqual({
      ...DEFAULT_TIMINGS,
      emailJsSpacingMs: 0,
    })
  })

  it('ignores a TIMINGS that is not an object of known durations, keeping production’s', () => {
    for (const bad of [
      'not json',
      '[]',
      '{"emailJsSpacing":0}',
      '{"emailJsBudgetMs":-1}',
      '{"emailJsBudgetMs":"1"}',
    ])
      expect(configFrom(env({ TIMINGS: bad })).timings, bad).toEqual(DEFAULT_TIMINGS)
  })
})
