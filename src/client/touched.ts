/**
 * Run first by the islands' entry, before anything else of ours touches the page: marks each island
 * a visitor already focused or typed into before the scripts arrived (`data-touched`), so that
 * island can start what a first touch starts once it hydrates (the contact form's challenge).
 */
for (const el of document.querySelectorAll<HTMLElement>('[data-island]'))
  if (el.contains(document.activeElement)) el.dataset.touched = ''
