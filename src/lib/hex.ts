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
