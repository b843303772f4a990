import type { UiCopy } from '../schemas/copy'

/** Interface words shared by every page: the shell, the sliders, the try-on and gaming items. */
export const ui = {
  skipLink: 'Skip to content',
  menu: { toggle: 'Menu', mainLabel: 'Main', mobileLabel: 'Mobile' },
  buttons: { pauseAnimations: 'Pause animations', chat: 'Chat with us on WhatsApp' },
  backToHome: 'Back to home',
  slider: { previous: 'Previous', next: 'Next' },
  showcase: { benefits: 'Benefits', action: 'Try it now' },
  languages: {
    label: 'Language',
    offer: 'This page is also in English.',
    action: 'Read it in English',
    close: 'Close',
  },
  newTab: 'opens in a new tab',
} satisfies UiCopy
