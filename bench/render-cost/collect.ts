/**
 * Global setup (Node) of the render-cost run: a loopback server the measurement inside workerd
 * posts its figures to, written to $RENDER_COST_OUT (default reports/render-cost.json).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    renderCostCollector: string
  }
}

export default async function setup(project: TestProject) {
  const out = process.env.RENDER_COST_OUT ?? 'reports/render-cost.json'
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += String(chunk)))
    req.on('end', () => {
      mkdirSync(dirname(out), { recursive: true })
      writeFileSync(out, body)
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  project.provide('renderCostCollector', `http://127.0.0.1:${(server.address() as AddressInfo).port}`)
  return () => new Promise<void>((resolve) => server.close(() => resolve()))
}
