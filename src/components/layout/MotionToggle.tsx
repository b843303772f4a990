import { PauseIcon } from '../ui/icons'

/**
 * Pauses every autoplaying video and the brand strip (WCAG 2.2.2), on pages with videos. It needs
 * src/client/enhance.ts, which those pages load; it remembers the choice for the next pages.
 */
export function MotionToggle({ label }: { label: string }) {
  return (
    <button type="button" className="motion-toggle needs-js" aria-pressed="false" data-motion-toggle="">
      <PauseIcon />
      {label}
    </button>
  )
}
