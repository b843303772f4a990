import type { ReactNode } from 'react'

/** Inline icons. All are decorative (aria-hidden); the element around them carries the name. */
interface IconProps {
  className?: string
}

const base = {
  'aria-hidden': true,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const

/** A 24-unit line icon drawn at `size` px; `className` defaults to "icon". */
function strokeIcon(size: number, glyph: ReactNode) {
  return function StrokeIcon({ className = 'icon' }: IconProps) {
    return (
      <svg {...base} className={className} viewBox="0 0 24 24" width={size} height={size}>
        {glyph}
      </svg>
    )
  }
}

export const ChevronDownIcon = strokeIcon(16, <path d="m6 9 6 6 6-6" />)

export const ArrowUpRightIcon = strokeIcon(20, <path d="M7 17 17 7M8 7h9v9" />)

export const ArrowRightIcon = strokeIcon(18, <path d="M5 12h14M13 6l6 6-6 6" />)

export const ArrowLeftIcon = strokeIcon(18, <path d="M19 12H5M11 6l-6 6 6 6" />)

export const CheckIcon = strokeIcon(18, <path d="m5 12 5 5L20 7" />)

export const MenuIcon = strokeIcon(22, <path d="M4 7h16M4 12h16M4 17h16" />)

export const MailIcon = strokeIcon(
  18,
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>,
)

export const PhoneIcon = strokeIcon(
  18,
  <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />,
)

export const PinIcon = strokeIcon(
  18,
  <>
    <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z" />
    <circle cx="12" cy="10" r="2.5" />
  </>,
)

/** Speech bubble with a handset: the messaging-app chat button. */
export const ChatIcon = ({ className = 'icon' }: IconProps) => (
  <svg aria-hidden className={className} viewBox="0 0 24 24" width="28" height="28" fill="currentColor">
    <path d="M12 2.5a9.5 9.5 0 0 0-8.2 14.3L2.5 21.5l4.8-1.3A9.5 9.5 0 1 0 12 2.5zm0 1.7a7.8 7.8 0 1 1-4.1 14.4l-.3-.2-2.6.7.7-2.5-.2-.3A7.8 7.8 0 0 1 12 4.2z" />
    <path d="M9 7.5c.2 0 .4 0 .6.4l.8 1.9c.1.2 0 .4-.1.6l-.6.7c-.1.1-.2.3 0 .5a6.6 6.6 0 0 0 3.2 2.8c.2.1.4.1.5 0l.8-.9c.2-.2.4-.2.6-.1l1.8.9c.2.1.4.2.4.4a2.4 2.4 0 0 1-1.6 2c-.9.3-2 .2-4.3-.9a9.6 9.6 0 0 1-3.9-4.1c-.7-1.4-.5-2.6.2-3.4.3-.4.6-.5.9-.5z" />
  </svg>
)

const social = {
  LinkedIn: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M8 10v7M8 7v.01M12 17v-7M12 13a3 3 0 0 1 6 0v4" />
    </>
  ),
  Instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5v.01" />
    </>
  ),
  X: <path d="M4 4l16 16M20 4 4 20" />,
  YouTube: (
    <>
      <rect x="2.5" y="5" width="19" height="14" rx="4" />
      <path d="m10 9 5 3-5 3z" />
    </>
  ),
  Facebook: (
    <path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6.5v3.5H9V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z" />
  ),
}

/** Icon of a social network by its name in site.ts (LinkedIn, Instagram, X, YouTube, Facebook). */
export function SocialIcon({ name, className = 'icon' }: { name: string } & IconProps) {
  const glyph = social[name as keyof typeof social]
  return (
    <svg {...base} className={className} viewBox="0 0 24 24" width="20" height="20">
      {glyph ?? <circle cx="12" cy="12" r="9" />}
    </svg>
  )
}

export const PauseIcon = strokeIcon(16, <path d="M9 5v14M15 5v14" />)
