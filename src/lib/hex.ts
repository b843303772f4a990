/**
 * Bytes as lower-case hexadecimal.
 *
 * @example toHex(new Uint8Array([0, 255])) === '00ff'
 */
export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** `count` random bytes as hex: keys, tokens and slot markers. */
export const randomHex = (count: number): string => toHex(crypto.getRandomValues(new Uint8Array(count)))

/** The SHA-256 of a token, as hex: what is stored of a secret its holder keeps (sessions, invitations). */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
}

/** The SHA-256 of bytes, as hex: a picture's id in the media library. */
export async function sha256Bytes(bytes: ArrayBuffer): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', bytes))
}

/**
 * Hexadecimal back to bytes; undefined for anything that is not whole bytes of hex.
 *
 * @example fromHex('00ff') deep-equals new Uint8Array([0, 255])
 */
export function fromHex(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (text.length % 2 || !/^[0-9a-f]*$/.test(text)) return undefined
  return Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16))
}
