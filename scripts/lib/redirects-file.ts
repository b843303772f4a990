/**
 * The console's redirects in public/_redirects (issue 47), written by `npm run content:pull` so
 * the repository stays a complete copy of the site: one block between two marker lines, written
 * again whole at each pull (a rule deleted in the console leaves the file at the next pull), below
 * the lines a developer wrote, which it never touches. A rule whose old address a written line
 * already takes is left out (the file answers first, so it would never be used), and the block
 * stays inside the platform's limits (2,000 static and 100 dynamic rules in the whole file).
 */
const START =
  '# Made in the console (/admin/redirects); written by `npm run content:pull`, do not edit by hand.'
const END = '# End of the console’s redirects.'
const LIMITS = { static: 2_000, dynamic: 100 }

export interface FileRule {
  from: string
  to: string
  status: number
}

const isDynamic = (from: string) => /[:*]/.test(from)

/** The rules of a _redirects text (comments and blank lines aside). */
export function rulesOf(text: string): FileRule[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [from = '', to = '', status = '302'] = line.split(/\s+/)
      return { from, to, status: Number(status) }
    })
}

/**
 * `text` with the console's block written from `rules`: what it wrote, and the old addresses left
 * out (taken by a written line, or past the platform's limits).
 */
export function withConsoleRedirects(
  text: string,
  rules: FileRule[],
): { text: string; written: number; left: string[] } {
  const start = text.indexOf(START)
  const end = text.indexOf(END)
  const own = (
    start >= 0 && end > start ? text.slice(0, start) + text.slice(end + END.length) : text
  ).trimEnd()
  const written = rulesOf(own)
  const taken = new Set(written.map((rule) => rule.from))
  let room = {
    static: LIMITS.static - written.filter((rule) => !isDynamic(rule.from)).length,
    dynamic: LIMITS.dynamic - written.filter((rule) => isDynamic(rule.from)).length,
  }
  const lines: string[] = []
  const left: string[] = []
  for (const rule of [...rules].sort((a, b) => (a.from < b.from ? -1 : 1))) {
    const kind = isDynamic(rule.from) ? 'dynamic' : 'static'
    if (taken.has(rule.from) || room[kind] <= 0) {
      left.push(rule.from)
      continue
    }
    room = { ...room, [kind]: room[kind] - 1 }
    lines.push(`${rule.from} ${rule.to} ${rule.status}`)
  }
  if (!lines.length) return { text: `${own}\n`, written: 0, left }
  return { text: `${own}\n\n${START}\n${lines.join('\n')}\n${END}\n`, written: lines.length, left }
}
