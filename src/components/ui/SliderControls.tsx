import type { ReactNode } from 'react'
import type { SliderCopy } from '../../schemas/copy'
import { ArrowLeftIcon, ArrowRightIcon } from './icons'

interface SliderControlsProps {
  labels: SliderCopy
  /** `ready` is false until the island has hydrated (the buttons stay disabled till then). */
  slider: { ready: boolean; step: (by: number) => void }
  statusClassName: string
  /** Announced after every step (a visible counter, or text for screen readers only). */
  children: ReactNode
}

/**
 * Previous / status / Next under the store carousel and the testimonial slider. Context-free, so
 * the islands render it; hidden without JavaScript (`needs-js`) while keeping its space.
 */
export function SliderControls({ labels, slider, statusClassName, children }: SliderControlsProps) {
  const { ready, step } = slider
  return (
    <div className="slider-controls needs-js">
      <button type="button" className="slider-button" onClick={() => step(-1)} disabled={!ready}>
        <ArrowLeftIcon />
        <span className="sr-only">{labels.previous}</span>
      </button>
      <p className={statusClassName} aria-live="polite">
        {children}
      </p>
      <button type="button" className="slider-button" onClick={() => step(1)} disabled={!ready}>
        <ArrowRightIcon />
        <span className="sr-only">{labels.next}</span>
      </button>
    </div>
  )
}
