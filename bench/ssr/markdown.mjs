/**
 * `npm run bench`'s report as Markdown: the HTTP table (req/s, ratio to the static file, latency,
 * CPU and bytes per response) and the render-cost table.
 */
import { kb, markdownTable } from '../lib/table.mjs'

/** @param {Record<string, any>} report */
export function renderMarkdown(report) {
  const parts = []
  if (report.http.length) {
    parts.push(
      `HTTP on workerd (wrangler dev, loopback; autocannon, targets taking turns, ${report.rounds} rounds × ${report.duration} s, medians; × static = req/s over the static asset's in the same round; home HTML ${kb(report.homeHtmlBytes ?? 0)} KB; Workers Logs emulation ${report.observability ? 'on' : 'off'}):\n`,
      markdownTable(
        [
          'target',
          'connections',
          'req/s',
          '× static',
          'p50 ms',
          'p99 ms',
          'workerd CPU ms/req',
          'KB/response',
          'non-2xx',
          'errors',
        ],
        report.http.map((r) => [
          r.target,
          r.connections,
          Math.round(r.requestsPerSecond),
          r.ratioToStatic.toFixed(2),
          r.latencyP50Ms,
          r.latencyP99Ms,
          Number.isNaN(r.workerdCpuMsPerRequest) ? '-' : r.workerdCpuMsPerRequest.toFixed(2),
          kb(r.bytesPerRequest),
          r.non2xx,
          r.errors,
        ]),
      ),
      '',
      ...report.http
        .filter((r) => r.versus)
        .map(
          (r) =>
            `${r.target} at ${r.connections} connection(s): workerd CPU ${r.cpuVersus.toFixed(2)}× ${r.versus}'s (median of each round's ratio).`,
        ),
      '',
    )
  }
  if (report.render) {
    parts.push(
      'Home page render inside workerd (renderToReadableStream of the whole document, drained; production React; median per render over batches, timed between KV reads):\n',
      markdownTable(
        ['what', 'HTML KB', 'median ms', 'min ms', 'max ms', 'batches × size'],
        report.render.map((r) => [
          r.what,
          kb(r.htmlBytes),
          r.medianMs.toFixed(3),
          r.minMs.toFixed(3),
          r.maxMs.toFixed(3),
          `${r.batches} × ${r.batchSize}`,
        ]),
      ),
      '',
    )
  }
  return parts.join('\n')
}
