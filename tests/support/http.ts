/** What every local stand-in server needs: the request body as text, and a port on loopback. */
import type { IncomingMessage, Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => resolve(body))
    req.on('error', reject)
  })
}

/** Listens on 127.0.0.1 (port 0 picks a free one); `close` also drops kept-alive connections. */
export async function listenLocal(server: Server, port = 0, beforeClose?: () => void) {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        beforeClose?.()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
