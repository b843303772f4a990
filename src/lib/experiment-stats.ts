/**
 * The arithmetic of experiments (issue 46), pure so that the edge, the console and the tests
 * share it: which arm a visitor sees, how sure a result is, whether the split is broken, and how
 * many visitors a test needs. The methods and their references are in docs/experiments.md.
 */

/** One arm's tally: visitors exposed, and those who became leads. */
export interface ArmTally {
  visitors: number
  leads: number
}

// ---------------------------------------------------------------------------------------------
// Assignment

/** FNV-1a over the text, then murmur3's finaliser so that neighbouring inputs land far apart. */
export function hash32(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** A number in [0, 1) that is the same for the same experiment, visitor and purpose. */
const unitOf = (experimentId: string, visitor: string, purpose: string) =>
  hash32(`${experimentId}:${purpose}:${visitor}`) / 2 ** 32

/**
 * The arm (index into `weights`) a visitor sees, or null when the visitor is outside the share of
 * traffic in the experiment. Deterministic: the same visitor and experiment always get the same
 * arm, and whether a visitor is in is decided apart from which arm, so changing the share keeps
 * everyone's arm.
 */
export function armOf(
  experimentId: string,
  visitor: string,
  weights: readonly number[],
  share = 1,
): number | null {
  if (unitOf(experimentId, visitor, 'in') >= share) return null
  const total = weights.reduce((sum, w) => sum + w, 0)
  let point = unitOf(experimentId, visitor, 'arm') * total
  for (const [arm, weight] of weights.entries()) {
    if (point < weight) return arm
    point -= weight
  }
  return weights.length - 1
}

// ---------------------------------------------------------------------------------------------
// Distributions

/** The complementary error function (Numerical Recipes' erfcc, relative error under 1.2e-7). */
export function erfc(x: number): number {
  const z = Math.abs(x)
  const t = 1 / (1 + z / 2)
  const poly =
    -z * z -
    1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t *
                      (0.27886807 +
                        t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))))
  const value = t * Math.exp(poly)
  return x >= 0 ? value : 2 - value
}

/** P(Z ≤ z) for a standard normal Z. */
export const normalCdf = (z: number) => erfc(-z / Math.SQRT2) / 2

/** The z with P(Z ≤ z) = p (Acklam's approximation, relative error under 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError('p must be between 0 and 1')
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ]
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572]
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ]
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416]
  const tail = (q: number) =>
    (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
    ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1)
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)))
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)))
  const q = p - 0.5
  const r = q * q
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  )
}

/** P(X ≥ x) for a chi-square X with a whole number of degrees of freedom (closed forms). */
export function chiSquareSurvival(x: number, freedom: number): number {
  if (x <= 0) return 1
  const half = x / 2
  if (freedom % 2 === 0) {
    let term = 1
    let sum = 1
    for (let i = 1; i < freedom / 2; i++) sum += term *= half / i
    return Math.exp(-half) * sum
  }
  let term = Math.sqrt(x / Math.PI) * Math.SQRT2 * Math.exp(-half)
  let sum = 0
  for (let i = 1; i <= (freedom - 1) / 2; i++) {
    sum += term
    term *= x / (2 * i + 1)
  }
  return erfc(Math.sqrt(half)) + sum
}
