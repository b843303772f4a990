/**
 * Progressive enhancement without React, for pages that load any script (islands or videos).
 * Everything here also works in a basic form without JavaScript:
 * - Menus are <details> disclosures server-side. Here they become a button with aria-expanded
 *   controlling its panel, plus Escape (closes, focus back to the button), click outside and
 *   choosing a link (both close), and one dropdown open at a time.
 * - Videos (`.fade-video`) play while in view and fade in once they have data; without a script
 *   the poster shows. On a prerendered page, that starts when the page is shown.
 */

const root = document.documentElement
root.classList.add('js')

// ---------------------------------------------------------------------------------------------
// Menus

const OPEN = 'is-open'
/** On a dropdown the visitor closed: CSS stops opening it on hover or focus until they leave it. */
const DISMISSED = 'is-dismissed'
/** Kinds that close when the visitor clicks elsewhere; mobile sub-lists stay as they are. */
const CLOSE_ON_OUTSIDE = new Set(['dropdown', 'menu'])

interface Disclosure {
  box: HTMLElement
  button: HTMLButtonElement
  kind: string
}

const disclosures: Disclosure[] = []

/** Replaces <details><summary>…</summary>panel</details> by <div><button>…</button>panel</div>. */
function upgrade(details: HTMLDetailsElement, index: number): Disclosure | null {
  const summary = details.querySelector(':scope > summary')
  const panel = details.querySelector<HTMLElement>(':scope > .disclosure-panel')
  if (!summary || !panel) return null
  const button = document.createElement('button')
  button.type = 'button'
  button.className = summary.className
  while (summary.firstChild) button.appendChild(summary.firstChild)
  panel.id ||= `disclosure-${index}`
  button.setAttribute('aria-controls', panel.id)
  button.setAttribute('aria-expanded', String(details.open))

  const box = document.createElement('div')
  for (const { name, value } of details.attributes)
    if (name !== 'open' && name !== 'name') box.setAttribute(name, value)
  box.classList.toggle(OPEN, details.open)
  summary.remove()
  box.appendChild(button)
  while (details.firstChild) box.appendChild(details.firstChild)
  details.replaceWith(box)
  return { box, button, kind: details.dataset.disclosure ?? '' }
}

function setOpen(d: Disclosure, open: boolean): void {
  d.box.classList.toggle(OPEN, open)
  d.button.setAttribute('aria-expanded', String(open))
  if (d.kind === 'dropdown') d.box.classList.toggle(DISMISSED, !open)
}

/** Hover and focus open a dropdown again once the pointer or the focus has left it (or comes back). */
function watchDismissal({ box }: Disclosure): void {
  const clear = () => box.classList.remove(DISMISSED)
  box.addEventListener('pointerenter', clear)
  box.addEventListener('pointerleave', clear)
  const crossing = (event: FocusEvent) => {
    if (!box.contains(event.relatedTarget as Node | null)) clear()
  }
  box.addEventListener('focusin', crossing)
  box.addEventListener('focusout', crossing)
}

const isOpen = (d: Disclosure) => d.box.classList.contains(OPEN)

function closeAll(): void {
  for (const d of disclosures) if (isOpen(d)) setOpen(d, false)
}

document.querySelectorAll<HTMLDetailsElement>('details[data-disclosure]').forEach((details, i) => {
  const d = upgrade(details, i)
  if (!d) return
  disclosures.push(d)
  if (d.kind === 'dropdown') watchDismissal(d)
  d.button.addEventListener('click', () => {
    const open = !isOpen(d)
    // Opening a dropdown closes the other one.
    if (open && d.kind === 'dropdown')
      for (const other of disclosures) if (other.kind === 'dropdown') setOpen(other, false)
    setOpen(d, open)
  })
})

document.addEventListener('click', (event) => {
  const target = event.target as Element | null
  if (!target) return
  // Choosing a link inside a menu closes every menu (the page scrolls or navigates).
  if (target.closest('a') && disclosures.some((d) => d.box.contains(target))) {
    closeAll()
    return
  }
  for (const d of disclosures)
    if (CLOSE_ON_OUTSIDE.has(d.kind) && isOpen(d) && !d.box.contains(target)) setOpen(d, false)
})

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return
  const open = disclosures.filter(isOpen)
  if (open.length === 0) return
  // Close the innermost open menu around the focus (else every open menu), and focus its button.
  const focused = document.activeElement
  const around = open.filter((d) => d.box.contains(focused)).pop()
  const toClose = around ? [around] : open
  for (const d of toClose) setOpen(d, false)
  toClose[0]?.button.focus()
})

// ---------------------------------------------------------------------------------------------
// Videos and motion

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)')
const MOTION_KEY = 'xr-motion'
const motionToggle = document.querySelector<HTMLButtonElement>('[data-motion-toggle]')
const videos = [...document.querySelectorAll<HTMLVideoElement>('video.fade-video')]
const inView = new Set<HTMLVideoElement>()
let motionPaused = readMotionChoice()

function readMotionChoice(): boolean {
  try {
    return localStorage.getItem(MOTION_KEY) === 'paused'
  } catch {
    return false // storage blocked: nothing remembered
  }
}

function play(video: HTMLVideoElement): void {
  if (motionPaused || reducedMotion.matches) return
  video.muted = true // autoplay needs muted as a property too
  video.play().catch(() => {
    // Autoplay refused (data saver, policy): the poster stays.
  })
}

/** "Pause animations" (WCAG 2.2.2): stops the videos and the brand strip, remembered across pages. */
function applyMotion(): void {
  root.classList.toggle('motion-paused', motionPaused)
  motionToggle?.setAttribute('aria-pressed', String(motionPaused))
  for (const video of videos) {
    if (motionPaused) video.pause()
    else if (inView.has(video)) play(video)
  }
}

motionToggle?.addEventListener('click', () => {
  motionPaused = !motionPaused
  try {
    localStorage.setItem(MOTION_KEY, motionPaused ? 'paused' : 'playing')
  } catch {
    // storage blocked: the choice lasts for this page only
  }
  applyMotion()
})

const videoObserver = new IntersectionObserver(
  (entries) => {
    for (const { target, isIntersecting } of entries) {
      const video = target as HTMLVideoElement
      if (isIntersecting) {
        inView.add(video)
        play(video)
      } else {
        inView.delete(video)
        if (!video.paused) video.pause()
      }
    }
  },
  { rootMargin: '100px' },
)

function startVideos(): void {
  for (const video of videos) {
    // Fade in once the first frame is there (CSS: .js .fade-video[data-loaded]).
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) video.dataset.loaded = 'true'
    else video.addEventListener('loadeddata', () => (video.dataset.loaded = 'true'), { once: true })
    videoObserver.observe(video)
  }
  applyMotion()
}

// A page prerendered by the Speculation Rules is not seen yet: its videos start (and fade in) when
// it is shown, as on a page loaded by a click. Not in TypeScript's DOM types yet.
if ((document as Document & { prerendering?: boolean }).prerendering)
  document.addEventListener('prerenderingchange', startVideos, { once: true })
else startVideos()

export {}
