/** Console capture for tests that check what is (and is not) logged. */
import { vi } from 'vitest'

/**
 * Records every console line (log, info, warn, error, debug) as the text a log viewer would show,
 * errors with their stacks and objects as JSON, so tests can scan logs for what must not be there.
 * The spies are undone by vi.restoreAllMocks().
 */
export function captureConsole() {
  const lines: string[] = []
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
    })
  }
  return { lines, text: () => lines.join('\n') }
}
