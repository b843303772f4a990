/**
 * The second channel for leads (issue 34): Cloudflare Email Service through the `send_email`
 * binding SALES_EMAIL, to SALES_EMAIL_TO from SALES_EMAIL_FROM. The message carries the EmailJS
 * template's fields and wording, a plain-text and an HTML part, and Reply-To set to the visitor,
 * so sales answer with one click. Every field is data: the structured send() writes the headers,
 * and what goes into one (the subject, Reply-To) has no line break or control character left.
 */
import { isDevelopment, type Bindings } from '../../../env'
import { siteOriginOf } from '../../../lib/endpoints'
import { TimeoutError, withTimeout } from '../../../lib/timeout'
import { answersBlock } from '../../../schemas/campaign-form'
import type { LeadContent } from '../storage/lead-model'
import { EMAIL_TITLE, type SendResult } from './send-result'

const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/

type SalesEmailConfig =
  { configured: true; binding: SendEmail; from: string; to: string[] } | { configured: false; why: string }

/** The second channel as the env sets it up, or why it is off. */
export function salesEmailConfig(env: Bindings): SalesEmailConfig {
  const dev = isDevelopment(env)
  const to = (env.SALES_EMAIL_TO ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
  const from = (env.SALES_EMAIL_FROM ?? '').trim()
  if (!env.SALES_EMAIL) return { configured: false, why: 'no SALES_EMAIL binding' }
  if (to.length === 0 || !from)
    return { configured: false, why: 'SALES_EMAIL_TO and SALES_EMAIL_FROM not set' }
  const bad = [...to, from].find((address) => !EMAIL.test(address))
  if (bad !== undefined) return { configured: false, why: `not an e-mail address: ${bad}` }
  const site = siteOriginOf(env.SITE_ORIGIN)
  const domain = site ? new URL(site).hostname.replace(/^www\./, '') : undefined
  if (
    domain &&
    !dev &&
    !from.toLowerCase().endsWith(`@${domain}`) &&
    !from.toLowerCase().endsWith(`.${domain}`)
  )
    return { configured: false, why: `SALES_EMAIL_FROM must be on ${domain}` }
  return { configured: true, binding: env.SALES_EMAIL, from, to }
}

/** One line, no control character: what may go into a header. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what a header may not hold
const oneLine = (value: string) => value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim()
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The message for sales: the template's title and fields, text and HTML. `repeatOf` marks a send
 * that may repeat an earlier one (EmailJS gave no answer and may have sent it).
 */
export function salesMessage(
  id: string,
  lead: LeadContent,
  config: { from: string; to: string[] },
  repeatOf?: string,
): EmailMessageBuilder {
  const fields: [string, string][] = [
    ['Name', lead.name],
    ['E-mail', lead.email],
    ['Phone', lead.phone],
    ['Local time', lead.localTime],
    ['Message', lead.inquiry],
  ]
  // A campaign form's answers (issue 63), one readable block after the template's fields.
  const answers = answersBlock(lead.formFields)
  if (answers) fields.push(['Answers', answers])
  const note = repeatOf ? `Possible repeat of lead ${repeatOf}: EmailJS may have sent it already.` : ''
  const text = [note, EMAIL_TITLE, '', ...fields.map(([k, v]) => `${k}: ${v}`), '', `Lead ${id}`]
    .filter((line, i) => line || i > 0)
    .join('\n')
  const html = `${note ? `<p><strong>${escapeHtml(note)}</strong></p>` : ''}<h1>${EMAIL_TITLE}</h1><dl>${fields
    .map(([k, v]) => `<dt>${k}</dt><dd>${escapeHtml(v).replace(/\n/g, '<br>')}</dd>`)
    .join('')}</dl><p>Lead ${escapeHtml(id)}</p>`
  const replyTo = oneLine(lead.email)
  return {
    from: config.from,
    to: config.to,
    subject: oneLine(`${repeatOf ? 'Possible repeat: ' : ''}${EMAIL_TITLE} from ${lead.name}`).slice(0, 200),
    text,
    html,
    ...(EMAIL.test(replyTo) ? { replyTo } : {}),
  }
}

/** Sends one lead through the second channel: delivered, or why not (a timeout is an unknown outcome). */
export async function sendSalesEmail(
  config: Extract<SalesEmailConfig, { configured: true }>,
  message: EmailMessageBuilder,
  timeoutMs: number,
): Promise<SendResult> {
  try {
    await withTimeout(timeoutMs, () => config.binding.send(message))
    return { outcome: 'delivered' }
  } catch (error) {
    if (error instanceof TimeoutError)
      return { outcome: 'retrying', unknown: true, reason: `Email Service timed out after ${timeoutMs} ms` }
    return { outcome: 'retrying', reason: `Email Service refused: ${oneLine(String(error)).slice(0, 180)}` }
  }
}
