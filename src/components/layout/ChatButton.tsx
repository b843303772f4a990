import { site } from '../../content/site'
import { chatLink } from '../../lib/chat-link'
import { ChatIcon } from '../ui/icons'

/** Floating messaging-app button, bottom right on every page; the chat opens in a new tab. */
export function ChatButton() {
  return (
    <a
      className="chat-button"
      href={chatLink(site.businessPhone, site.chatBase)}
      target="_blank"
      rel="noopener noreferrer"
    >
      <ChatIcon />
      <span className="sr-only">Chat with us on WhatsApp (opens in a new tab)</span>
    </a>
  )
}
