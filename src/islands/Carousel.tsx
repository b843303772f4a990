import { useState } from 'react'

export interface CarouselProps {
  items: { title: string; url: string }[]
}

/** Placeholder, replaced by the store carousel. */
export default function Carousel({ items }: CarouselProps) {
  const [index, setIndex] = useState(0)
  const n = items.length
  return (
    <div>
      <p aria-live="polite">{items[index]?.title}</p>
      <button type="button" onClick={() => setIndex((index - 1 + n) % n)}>
        Previous
      </button>
      <button type="button" onClick={() => setIndex((index + 1) % n)}>
        Next
      </button>
    </div>
  )
}
