import { useState } from 'react'
import { wrapIndex } from '../lib/carousel'
import { useHydrated } from './use-hydrated'

/** The active index of a slider of `length` items, stepping round, and whether it works yet. */
export function useSlider(length: number) {
  const [active, setActive] = useState(0)
  const ready = useHydrated()
  const step = (by: number) => setActive((index) => wrapIndex(index, by, length))
  return { active, ready, step }
}
