/**
 * The console's small conveniences, loaded only by console pages that show one (never by a public
 * page). Each is an enhancement: without JavaScript the page works as it is drawn.
 * - Copy and Share (components/admin/CopyLink.tsx): drawn invisible beside a read-only input that
 *   holds the link (Share only on a touch screen); shown here when the browser can copy (navigator.clipboard) or, on a phone,
 *   open its share sheet (navigator.share). The outcome is said in the polite status beside them.
 * - The editor's warning before leaving with unsaved edits (`form[data-unsaved]`): any input
 *   makes the form dirty, and so does a form drawn with edits not saved yet (`data-unsaved="yes"`,
 *   after a list button); submitting it (any of its buttons, the sticky bar's too) is not leaving.
 * - A link to a folded section (the editor's outline, an error line) opens it.
 * - Picking a library picture brings its alt text from Media into the picture's alt field
 *   (`data-alt` on its card's radio), unless the author typed their own words there; without
 *   JavaScript the server does the same when the form is saved (lib/schema-form.ts withLibraryAlt).
 */

// ---------------------------------------------------------------------------------------------
// Copy and share

/** Shows a tool drawn invisible in its place (styles/studio.css), so nothing moves as it appears. */
const READY = 'is-ready'

function say(button: HTMLElement, words: string | undefined): void {
  const status = document.getElementById(button.dataset.status ?? '')
  if (status) status.textContent = words ?? ''
}

// `data-copy` names the input that holds the link; `data-copy-text` is the link itself (a list's row).
for (const button of document.querySelectorAll<HTMLButtonElement>(
  'button[data-copy], button[data-copy-text]',
)) {
  const input = document.getElementById(button.dataset.copy ?? '') as HTMLInputElement | null
  const text = button.dataset.copyText ?? input?.value
  if (text === undefined || !navigator.clipboard) continue
  button.classList.add(READY)
  button.addEventListener('click', () => {
    navigator.clipboard.writeText(text).then(
      () => say(button, button.dataset.done),
      () => {
        // Refused (permissions, an insecure page): select it, so the person's own copy works.
        input?.select()
        say(button, button.dataset.failed)
      },
    )
  })
}

// The share sheet is a phone's way to send a link; a desktop browser's is rarely what people expect.
const phone = window.matchMedia('(pointer: coarse)').matches
for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-share]')) {
  const input = document.getElementById(button.dataset.share ?? '') as HTMLInputElement | null
  if (!input || !phone || typeof navigator.share !== 'function') continue
  button.classList.add(READY)
  button.addEventListener('click', () => {
    navigator.share({ url: input.value, title: button.dataset.title }).catch(() => {
      // Closed without sharing: nothing to say.
    })
  })
}

// ---------------------------------------------------------------------------------------------
// Unsaved edits

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-unsaved]')) {
  let dirty = form.dataset.unsaved === 'yes'
  const mark = () => {
    dirty = true
  }
  form.addEventListener('input', mark)
  form.addEventListener('change', mark)
  form.addEventListener('submit', () => {
    dirty = false
  })
  window.addEventListener('beforeunload', (event) => {
    if (!dirty) return
    // The browser shows its own words ("Leave site? Changes you made may not be saved.").
    event.preventDefault()
    event.returnValue = ''
  })
}

// ---------------------------------------------------------------------------------------------
// Folded sections

function openTarget(hash: string): void {
  const id = decodeURIComponent(hash.slice(1))
  const target = id ? document.getElementById(id) : null
  for (let node = target; node; node = node.parentElement)
    if (node instanceof HTMLDetailsElement) node.open = true
}

// On the click, before the browser scrolls (a second click on the same link changes no hash).
document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[href^="#"]')
  if (link) openTarget(link.hash)
})
openTarget(location.hash)

// ---------------------------------------------------------------------------------------------
// A picked picture's alt text

for (const picture of document.querySelectorAll<HTMLFieldSetElement>('fieldset.studio-image')) {
  const alt = picture.querySelector<HTMLInputElement>('input[type="text"][name$=".alt"]')
  if (!alt) continue
  // The words last put there by a pick, or drawn by the server: anything else was typed by the author.
  let brought = alt.value
  picture.addEventListener('change', (event) => {
    const radio = event.target
    if (!(radio instanceof HTMLInputElement) || radio.type !== 'radio') return
    const words = radio.dataset.alt
    if (words === undefined || (alt.value.trim() !== '' && alt.value !== brought)) return
    alt.value = words
    brought = words
  })
}
