/**
 * Pictures for the media-library tests, made here: a PNG of any size (a colour gradient, deflated
 * with workerd's CompressionStream), and files that only look like pictures.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  out.set(new TextEncoder().encode(type), 4)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/** A real PNG, `width` × `height`, RGB. */
export async function pngOf(width: number, height: number): Promise<Uint8Array> {
  const header = new Uint8Array(13)
  const view = new DataView(header.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  header.set([8, 2, 0, 0, 0], 8)
  const raw = new Uint8Array((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    for (let x = 0; x < width; x++) raw.set([(x * 255) / width, (y * 255) / height, 128], row + 1 + x * 3)
  }
  const deflated = new Uint8Array(
    await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream('deflate'))).arrayBuffer(),
  )
  return concat([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflated),
    chunk('IEND', new Uint8Array()),
  ])
}

/** A PNG's signature and header, then bytes that are no picture: it looks like one and is not. */
export async function brokenPng(): Promise<Uint8Array> {
  const real = await pngOf(400, 300)
  const broken = real.slice()
  broken.fill(0x5a, 60)
  return broken
}

/** A multipart upload as the media page's form sends it. */
export function uploadForm(
  file: Uint8Array | string,
  name: string,
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData()
  form.set('file', new File([typeof file === 'string' ? file : new Uint8Array(file)], name))
  for (const [key, value] of Object.entries(fields)) form.set(key, value)
  return form
}
