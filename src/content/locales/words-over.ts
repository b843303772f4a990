/**
 * A translation's list over the source's: each item the source's (its pictures, videos, links and
 * ids) with the translation's words over it, so only words are written twice. The lists must be as
 * long as each other: tests/unit/locale-copy.test.ts holds every translation to its source's shape.
 */
export function wordsOver<T extends object, W extends Partial<T>>(
  source: readonly T[],
  words: readonly W[],
): (T & W)[] {
  if (source.length !== words.length)
    throw new Error(`a translated list of ${words.length} over ${source.length}`)
  return source.map((item, index) => ({ ...item, ...words[index]! }))
}
