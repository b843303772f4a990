/**
 * Toast notices (sonner) for the forms. sonner is not part of any island's chunk: the first notice
 * imports it, mounts the Toaster once (client-only: rendering it on the server would mismatch, it
 * reads matchMedia) and then shows the notice. sonner replays a toast created before its Toaster
 * subscribed, so nothing is lost while it mounts. react-dom/client is imported there too: the
 * server renders the forms that import this module, and must not carry React's client renderer.
 */

export type NoticeTone = 'success' | 'error'

let loading: Promise<typeof import('sonner')> | undefined

/** Spec constants: 1 visible toast, 5000 ms auto-close, hotkey F8 (aria-label "Notifications F8"). */
function loadToaster(): Promise<typeof import('sonner')> {
  loading ??= Promise.all([import('sonner'), import('react-dom/client')]).then(([sonner, { createRoot }]) => {
    const host = document.createElement('div')
    host.id = 'toaster'
    document.body.appendChild(host)
    createRoot(host).render(
      <sonner.Toaster
        visibleToasts={1}
        duration={5000}
        hotkey={['F8']}
        position="bottom-center"
        richColors
        closeButton
      />,
    )
    return sonner
  })
  return loading
}

/**
 * Shows a success or error toast with a title and a line of text. It replaces the one showing
 * (spec: only one toast is kept): sonner's visibleToasts only hides older toasts, which would come
 * back when the newest is closed, so every earlier toast is dismissed first.
 */
export async function notify(tone: NoticeTone, title: string, description: string): Promise<void> {
  try {
    const { toast } = await loadToaster()
    toast.dismiss()
    toast[tone](title, { description })
  } catch (error) {
    loading = undefined // a failed download may succeed on the next notice
    console.error('Could not show the notice:', title, error)
  }
}
