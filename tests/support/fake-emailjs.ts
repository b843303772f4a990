import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Placeholder: a local server speaking the EmailJS REST protocol. */
export async function startFakeEmailJs(port = 0) {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('OK')
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
