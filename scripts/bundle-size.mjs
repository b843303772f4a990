// Reports the size of the worker bundle that `wrangler deploy --dry-run --outdir dist/deploy-check` wrote.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const dir = process.argv[2] ?? 'dist/deploy-check'
const files = readdirSync(dir, { recursive: true })
  .map(String)
  .filter((f) => /\.(m?js|wasm)$/.test(f) && statSync(join(dir, f)).isFile())
let raw = 0
let gzip = 0
for (const file of files) {
  const bytes = readFileSync(join(dir, file))
  raw += bytes.length
  gzip += gzipSync(bytes, { level: 9 }).length
}
const kib = (n) => (n / 1024).toFixed(1) + ' KiB'
console.log(`Worker bundle (${files.length} files): ${kib(raw)} uncompressed, ${kib(gzip)} gzip`)
console.log('Workers limit: 64 MiB uncompressed; startup must stay under 1 s.')
