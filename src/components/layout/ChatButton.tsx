import { chatLink } from '../../lib/chat-link'
import { SmartLink } from '../ui/SmartLink'
import { ChatIcon } from '../ui/icons'

interface ChatButtonProps {
  phone: string
  chatBase: string
  /** Its name for screen readers; the icon is all that shows. */
  label: string
}

/** Floating messaging-app button, bottom right on every page; the chat opens in a new tab. */
export function ChatButton({ phone, chatBase, label }: ChatButtonProps) {
  return (
    <SmartLink target={{ url: chatLink(phone, chatBase) }} className="chat-button">
      <ChatIcon />
      <span className="sr-only">{label}</span>
    </SmartLink>
  )
}
