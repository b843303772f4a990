/**
 * Index after a step, wrapping round a list of `length` items.
 *
 * @example wrapIndex(0, -1, 5) === 4
 */
export function wrapIndex(index: number, step: number, length: number): number {
  return (((index + step) % length) + length) % length
}

/**
 * Signed distance of item `i` from the active item, on a ring: for 5 items it is -2..2, so every
 * item has a place on screen.
 *
 * @example ringOffset(4, 0, 5) === -1
 */
export function ringOffset(i: number, active: number, length: number): number {
  const half = Math.floor(length / 2)
  return wrapIndex(i - active, half, length) - half
}
