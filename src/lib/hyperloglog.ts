/**
 * HyperLogLog with 2^16 registers (Flajolet et al. 2007), for counting a day's visitors in a store
 * that cannot keep or delete their hashes (Workers Analytics Engine keeps every point 3 months). A
 * view writes only its visitor's register and rank; a day's count is read back as each register's
 * highest rank. The standard error is 1.04/√m ≈ 0.4 %; small days use linear counting, which is
 * closer still. Our own code, because the store's SQL has no HLL state to merge across days and
 * dimension values: we keep the registers as plain columns and do the estimate here.
 */

/** p = 16: the first 16 bits of the hash pick the register. */
const HLL_BITS = 16
/** m = 2^16 registers. */
export const HLL_REGISTERS = 1 << HLL_BITS
/** The rank is read from the 48 bits after the register's; all zero gives 49. */
const HLL_MAX_RANK = 49

/**
 * Where a hash lands: its register (its first 16 bits) and its rank (the position of the first
 * 1-bit in the next 48 bits, counted from 1). `hex` is a hash as hexadecimal, 16 digits or more.
 *
 * @example hllPosition('ffff8000000000000000') // { register: 65535, rank: 1 }
 * @example hllPosition('00000001000000000000') // { register: 0, rank: 16 }
 */
export function hllPosition(hex: string): { register: number; rank: number } {
  const register = parseInt(hex.slice(0, 4), 16)
  const high = parseInt(hex.slice(4, 8), 16) // bits 16–31
  const low = parseInt(hex.slice(8, 16), 16) // bits 32–63
  const rank = high ? Math.clz32(high) - 15 : low ? 16 + Math.clz32(low) + 1 : HLL_MAX_RANK
  return { register, rank }
}

/**
 * The estimated count from a sketch's filled registers: how many there are and the sum of
 * 2^-rank over them (an empty register adds 2^0 = 1). Below 2.5·m, with an empty register left,
 * linear counting m·ln(m/V) is used, as the paper recommends.
 *
 * @example hllEstimate(0, 0) === 0
 */
export function hllEstimate(filled: number, sumOfFilled: number, m = HLL_REGISTERS): number {
  const empty = m - filled
  const alpha = 0.7213 / (1 + 1.079 / m)
  const raw = (alpha * m * m) / (sumOfFilled + empty)
  if (raw <= 2.5 * m && empty > 0) return m * Math.log(m / empty)
  return raw
}
