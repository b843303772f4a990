/**
 * Pictures for the media-library tests, made here: a PNG of any size (a colour gradient or noise,
 * deflated with workerd's CompressionStream), and files that only look like pictures.
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

/**
 * A real PNG, `width` × `height`, RGB: a gradient, or with `noise` random pixels, which no
 * encoder can make small (a picture too heavy for a first view).
 */
export async function pngOf(width: number, height: number, { noise = false } = {}): Promise<Uint8Array> {
  const header = new Uint8Array(13)
  const view = new DataView(header.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  header.set([8, 2, 0, 0, 0], 8)
  const raw = new Uint8Array((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    if (noise) crypto.getRandomValues(raw.subarray(row + 1, row + 1 + width * 3))
    else
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

/** What a phone writes into a photo, and must not reach a visitor: where, and with which camera. */
export const CAMERA_SECRETS = ['GPS 48.858370 N 2.294481 E', 'Camera serial SN-7731-XQ']

/** An EXIF block (as a TIFF header and one ASCII ImageDescription entry) holding `text`. */
function exifOf(text: string): Uint8Array {
  const value = new TextEncoder().encode(`${text}\0`)
  const tiff = new Uint8Array(26 + value.length)
  const view = new DataView(tiff.buffer)
  tiff.set([0x4d, 0x4d, 0, 42], 0) // big-endian TIFF
  view.setUint32(4, 8) // the first IFD
  view.setUint16(8, 1) // one entry
  view.setUint16(10, 0x010e) // ImageDescription
  view.setUint16(12, 2) // ASCII
  view.setUint32(14, value.length)
  view.setUint32(18, 26) // where the text is
  view.setUint32(22, 0) // no next IFD
  tiff.set(value, 26)
  return tiff
}

/** `png` with the camera's words in a text chunk and an eXIf chunk, as phones and editors add them. */
export function pngWithMetadata(png: Uint8Array): Uint8Array {
  const afterHeader = 8 + 12 + 13
  const text = new TextEncoder().encode(`Comment\0${CAMERA_SECRETS[0]}`)
  return concat([
    png.subarray(0, afterHeader),
    chunk('tEXt', text),
    chunk('eXIf', exifOf(CAMERA_SECRETS[1]!)),
    png.subarray(afterHeader),
  ])
}

/** A JPEG (made by the Images binding) with an APP1 Exif segment holding the camera's words. */
export async function jpegWithMetadata(images: ImagesBinding, width: number, height: number) {
  const made = await images
    .input(new Blob([new Uint8Array(await pngOf(width, height))]).stream())
    .output({ format: 'image/jpeg', quality: 90 })
  const jpeg = new Uint8Array(await new Response(made.image()).arrayBuffer())
  const payload = concat([new TextEncoder().encode('Exif\0\0'), exifOf(CAMERA_SECRETS.join('; '))])
  const segment = new Uint8Array(4 + payload.length)
  segment.set([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff])
  segment.set(payload, 4)
  return concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)])
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
