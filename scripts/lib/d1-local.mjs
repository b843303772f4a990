/**
 * Reads wrangler dev's local D1 after the worker stopped, as the README shows people:
 * `wrangler d1 execute DB --local --persist-to DIR --json --command SQL`.
 */
import { execFile } from 'node:child_process'

/**
 * The rows `sql` returns from the local database kept in `persistDir`.
 * @param {string} persistDir
 * @param {string} sql
 * @returns {Promise<any[]>}
 */
export async function d1Query(persistDir, sql) {
  const out = await new Promise((resolve, reject) => {
    execFile(
      'node_modules/.bin/wrangler',
      // Any build names the same database as wrangler.toml.
      ['d1', 'execute', 'DB', '--local', '--persist-to', persistDir, '--json', '--command', sql],
      {
        cwd: process.cwd(),
        env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1', CI: 'true' },
        timeout: 120_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    )
  })
  const [result] = JSON.parse(String(out).slice(String(out).indexOf('[')))
  return result.results
}
