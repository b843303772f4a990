/**
 * The load test's report as Markdown tables (reports/load.md, and what the README quotes).
 */
import { markdownTable } from '../lib/table.mjs'
import { MEMORY_MARKS, mb, mb1, kbText, msText } from './context.mjs'
/** @param {Record<string, any>} report */
export function renderMarkdown(report) {
  const load = report.load
  const leads = report.leads
  const mem = report.memory
  const o = report.options
  const parts = []
  parts.push(
    `Mixed load on workerd (wrangler dev of a build snapshot, 127.0.0.1; autocannon in the same process; ${o.warmup} s warm-up, then ${o.duration} s; CF-Connecting-IP ${report.clientAddressProbe.honoured ? 'honoured' : 'not honoured'}):\n`,
    markdownTable(
      [
        'traffic class',
        'conns',
        'requests',
        '2xx',
        '3xx',
        '4xx',
        '5xx',
        'rate limited (429)',
        'errors',
        'p50 ms',
        'p99 ms',
        'req/s',
        'statuses',
      ],
      [
        ...load.classes.map((/** @type {any} */ r) => [
          r.name,
          r.connections,
          r.requests,
          r.status2xx,
          r.status3xx,
          r.status4xx,
          r.status5xx,
          r.rateLimited,
          r.errors + r.timeouts,
          msText(r.p50Ms),
          msText(r.p99Ms),
          r.requestsPerSecond.toFixed(1),
          Object.entries(r.statuses)
            .map(([s, n]) => `${s}×${n}`)
            .join(' '),
        ]),
        [
          '**all**',
          load.classes.reduce(
            (/** @type {number} */ n, /** @type {any} */ r) => n + (Number.parseInt(r.connections) || 0),
            0,
          ),
          load.total.requests,
          load.total.status2xx,
          load.total.status3xx,
          load.total.status4xx,
          load.total.status5xx,
          load.total.rateLimited,
          load.total.errors + load.total.timeouts,
          msText(load.total.p50Ms),
          msText(load.total.p99Ms),
          load.total.requestsPerSecond.toFixed(1),
          '',
        ],
      ],
    ),
    '',
  )
  if (mem.available) {
    const cell = (/** @type {number | null} */ bytes) => (bytes === null ? '-' : mb(bytes))
    parts.push(
      `Resident memory (MB, from /proc every second; ${mem.workerdProcesses} workerd processes; growth in KB per response received in each half of the load):\n`,
      markdownTable(
        [
          'processes',
          'idle',
          'after warm-up',
          'mid-load',
          'end of load',
          'max during load',
          'after drain',
          'end ÷ after warm-up',
          'KB/req 1st half',
          'KB/req 2nd half',
        ],
        mem.groups.map((/** @type {any} */ g) => [
          g.label,
          cell(g.idle),
          cell(g.afterWarmup),
          cell(g.midLoad),
          cell(g.endOfLoad),
          cell(g.maxDuringLoad),
          cell(g.afterDrain),
          Number.isNaN(g.endOverAfterWarmup) ? '-' : g.endOverAfterWarmup.toFixed(2),
          kbText(g.growthKbPerRequestFirstHalf),
          kbText(g.growthKbPerRequestSecondHalf),
        ]),
      ),
      '',
    )
    const heap = mem.workerHeap ?? {}
    const heapCell = (/** @type {string} */ name) => {
      const reading = heap[name]
      if (!reading) return '-'
      if (reading.error) return 'n/a'
      return mb1(reading.usedBytes) + (reading.collected ? '' : '*')
    }
    parts.push(
      'JavaScript heap of the worker’s isolate (MB used, after a garbage collection; * = collection not confirmed; through the inspector):\n',
      markdownTable(
        ['isolate', 'idle', 'after warm-up', 'mid-load', 'end of load', 'after drain'],
        [['worker (the app)', ...MEMORY_MARKS.map(heapCell)]],
      ),
      '',
    )
  }
  parts.push(
    `Leads (contact posts; delivery to a local fake EmailJS${o.emailJsLimit ? ' limited to 1 request per second, as EmailJS is' : ''}):\n`,
    markdownTable(
      [
        'posts answered',
        'accepted (202)',
        'rate limited (429)',
        'other answers',
        'delivered',
        'queued with a record',
        'unaccounted',
        'EmailJS 429s (retried)',
        'duplicates',
        'delivered, answer cut off at stop',
      ],
      [
        [
          leads.posts,
          leads.accepted,
          leads.rateLimited,
          leads.otherAnswers,
          leads.delivered,
          leads.pendingWithRecord,
          leads.unaccounted.length,
          leads.emailJs429,
          leads.duplicateDeliveries,
          leads.deliveredAnswerNotSeen,
        ],
      ],
    ),
    '',
    `D1 rows of the accepted leads: ${
      leads.storeRead
        ? Object.entries(leads.recordStatuses)
            .map(([s, n]) => `${n} ${s}`)
            .join(', ') || 'none'
        : 'not read'
    }.`,
    '',
  )
  parts.push(
    'Checks:\n',
    markdownTable(
      ['check', 'result', 'detail'],
      report.checks.map((/** @type {any} */ c) => [
        c.name,
        c.skipped ? 'skipped' : c.ok ? 'pass' : '**FAIL**',
        c.detail,
      ]),
    ),
  )
  if (report.workerLogExcerpt?.length)
    parts.push('', 'wrangler dev output (errors):', '', '```', ...report.workerLogExcerpt, '```')
  return parts.join('\n')
}
