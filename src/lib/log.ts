/**
 * The one log style: `[area] subject outcome: detail`, e.g.
 * `[leads] lead 3f2a… delivered via emailjs` or `[settings] Error getting URL: KV read failed`.
 * Leads are named by id, never by personal data; secrets never reach a log line.
 */
type Level = 'info' | 'warn' | 'error'

function write(level: Level, area: string, message: string): void {
  const line = `[${area}] ${message}`
  if (level === 'info') console.log(line)
  else console[level](line)
}

export const log = {
  info: (area: string, message: string) => write('info', area, message),
  warn: (area: string, message: string) => write('warn', area, message),
  error: (area: string, message: string) => write('error', area, message),
}
