/**
 * Toast notices (sonner) for islands. The Toaster is mounted client-only, once, the first time
 * an island asks for it: rendering it on the server would mismatch (it reads matchMedia), and
 * pages without a form never load sonner at all.
 */
import { createRoot } from 'react-dom/client'
import { Toaster, toast } from 'sonner'

export { toast }

let mounted = false

/** Spec constants: 1 visible toast, 5000 ms auto-close, hotkey F8. */
export function ensureToaster(): void {
  if (mounted || typeof document === 'undefined') return
  mounted = true
  const host = document.createElement('div')
  host.id = 'toaster'
  document.body.appendChild(host)
  createRoot(host).render(
    <Toaster
      visibleToasts={1}
      duration={5000}
      hotkey={['F8']}
      position="bottom-center"
      richColors
      closeButton
    />,
  )
}
