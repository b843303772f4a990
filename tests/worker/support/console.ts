/** Console capture for tests that check what is (and is not) logged. */
import { vi } from 'vitest'
import type { LogLine } from '../../../src/lib/log'

/**
 * Records every console line (log, info, warn, error, debug) as the text a log viewer would show,
 * errors with their stacks and objects as JSON, so tests can scan logs for what must not be there;
 * and every structured line (src/lib/log.ts) as the object it is, so tests can find one by its
 * fields. The spies are undone by vi.restoreAllMocks().
 */
export function captureConsole() {
  const lines: string[] = []
  const records: LogLine[] = []
  const show = (value: unknown): string => {
    if (value instanceof Error) return `${value.name}: ${value.message}\n${value.stack ?? ''}`
    if (typeof value === 'object' && value !== null) {
      try {
        return JSON.stringify(value)
      } catch {
        return String(value)
      }
    }
    return String(value)
  }
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(`${level}: ${args.map(show).join(' ')}`)
      const [first] = args
      if (args.length === 1 && typeof first === 'object' && first !== null && 'area' in first) {
        records.push(first as LogLine)
      }
    })
  }
  return {
    lines,
    records,
    text: () => lines.join('\n'),
    /** The structured lines whose fields include all of `fields`. */
    find: (fields: Record<string, unknown>) =>
      records.filter((record) => Object.entries(fields).every(([key, value]) => record[key] === value)),
  }
}
