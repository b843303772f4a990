/**
 * Messaging-app chat link for a phone number written any way (spaces, dashes, brackets, a
 * leading +): only its digits go into the address.
 *
 * @example chatLink('+91 98765-43210', 'https://wa.me/') === 'https://wa.me/919876543210'
 */
export function chatLink(phone: string, base: string): string {
  const digits = phone.replace(/\D/g, '')
  if (!digits) throw new Error(`chatLink: no digits in phone number "${phone}"`)
  return base + digits
}

/** tel: link for a displayed phone number (keeps a leading +). */
export function telLink(phone: string): string {
  const trimmed = phone.trim()
  return 'tel:' + (trimmed.startsWith('+') ? '+' : '') + trimmed.replace(/\D/g, '')
}
