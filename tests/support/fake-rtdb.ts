import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Placeholder: a local server speaking the Firebase RTDB REST protocol. */
export async function startFakeRtdb(port = 0) {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('null')
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
