import type { ReactNode } from 'react'
import { AdminSection } from '../../components/admin/AdminShell'
import { LeadActions } from '../../components/admin/LeadActions'
import { LeadStatusWord } from '../../components/admin/LeadStatusWord'
import { UtcTime } from '../../components/admin/UtcTime'
import { adminCopy } from '../../content/admin'
import { languageName } from '../../lib/language-name'
import { leadsHref, type LeadActionName, type LeadListQuery } from '../../lib/admin-links'
import type { DeliveryChannel, LeadAttempt, LeadRow } from '../../schemas/admin-records'
import { readableAnswers, recipientOf } from '../../schemas/campaign-form'
import { DataTable } from '../../components/admin/DataTable'
import type { PageModule } from '../../schemas/page-module'
import { adminPage, factList, readable, type AdminFrame } from './AdminFrame'

export interface LeadData extends AdminFrame {
  lead: LeadRow
  /** Which actions the lead's status allows. */
  allowed: Record<LeadActionName, boolean>
  /** Its delivery attempts, oldest first; null when they could not be read. */
  attempts: LeadAttempt[] | null
  /** The channels Send again may choose from (none when only one is set up). */
  channels?: DeliveryChannel[]
  /** The list the lead was opened from (its filter and page), for Back. */
  list?: LeadListQuery
}

const copy = adminCopy.lead

/** Who a campaign form's lead tells, in words (a lead of the spec's form has no such row: sales). */
function toldWords(formFields: string): ReactNode {
  const told = recipientOf(formFields)
  const { delivery } = copy
  if (told.to === 'nobody') return delivery.toldNobody
  if (told.to === 'bad') return delivery.toldBad
  if (told.to === 'address')
    return (
      <>
        {delivery.toldAddress} <a href={`mailto:${told.address}`}>{told.address}</a>
      </>
    )
  return delivery.toldSales
}
const time = (iso: string | null) => (iso ? <UtcTime iso={iso} /> : null)
/** The spam rules that caught the lead (stored one per line), as a list. */
const reasons = (lines: string | null) =>
  lines ? (
    <ul className="fact-reasons">
      {lines.split('\n').map((reason) => (
        <li key={reason}>{reason}</li>
      ))}
    </ul>
  ) : null

/** Which lead field each label of the visitor and attribution sections shows. */
const VISITOR = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  inquiry: 'inquiry',
  localTime: 'localTime',
} as const
const ATTRIBUTION = {
  page: 'pagePath',
  referrer: 'referrer',
  utmSource: 'utmSource',
  utmMedium: 'utmMedium',
  utmCampaign: 'utmCampaign',
} as const

function fieldsOf<K extends string>(
  lead: LeadRow,
  words: Record<NoInfer<K>, string>,
  fields: Record<K, keyof LeadRow>,
) {
  return (Object.keys(fields) as K[]).map((key): [string, ReactNode] => [words[key], lead[fields[key]]])
}

/** The person's e-mail and phone as links that start a message or a call. */
function contactLinks(lead: LeadRow): Partial<Record<keyof LeadRow, ReactNode>> {
  const tel = lead.phone?.replace(/[^\d+]/g, '')
  return {
    email: lead.email ? <a href={`mailto:${lead.email}`}>{lead.email}</a> : null,
    phone: lead.phone && tel ? <a href={`tel:${tel}`}>{lead.phone}</a> : lead.phone,
  }
}

/**
 * /admin/leads/<id>: the person and their words first (e-mail and phone as links), the actions,
 * where they came from, then the delivery record.
 */
export function leadPage({ lead, allowed, attempts, channels = [], list, ...frame }: LeadData): PageModule {
  const { delivery, visitor, attribution } = copy
  const filtered = list && Object.values(list).some((value) => value !== undefined)
  const links = contactLinks(lead)
  // A campaign form's answers, labelled as the form was when the lead was sent (issue 63).
  const answers = readableAnswers(lead.formFields)
  return adminPage(
    'leads',
    copy,
    frame,
    <>
      <a href={leadsHref(list ?? {})} className="text-link">
        {filtered ? copy.backToList : copy.back}
      </a>
      <AdminSection title={visitor.title}>
        {factList(
          fieldsOf(lead, visitor, VISITOR).map(([label, value], i) => {
            const field = Object.values(VISITOR)[i]!
            return [label, field in links ? links[field] : value]
          }),
        )}
      </AdminSection>
      {answers.length ? (
        <AdminSection title={copy.answers.title}>
          {factList(
            answers.map(({ label, answer, wording }): [string, ReactNode] => [
              label,
              wording ? (
                <>
                  {answer}: <q>{wording}</q>
                </>
              ) : (
                answer
              ),
            ]),
          )}
        </AdminSection>
      ) : null}
      <AdminSection title={copy.actions.title}>
        <LeadActions
          id={lead.id}
          allowed={allowed}
          copy={copy.actions}
          channels={channels.map((value) => ({ value, name: copy.channels[value] }))}
          list={list}
        />
      </AdminSection>
      <AdminSection title={attribution.title}>
        {factList([
          ...fieldsOf(lead, attribution, ATTRIBUTION),
          [attribution.locale, languageName(lead.locale)],
        ])}
      </AdminSection>
      <AdminSection title={delivery.title}>
        {factList([
          [delivery.id, lead.id],
          [delivery.received, time(lead.receivedAt)],
          [delivery.status, <LeadStatusWord key="status" status={lead.status} />],
          [delivery.attempts, lead.attempts],
          // A held lead's last error says why it waits for sales (the cap, or an unchecked challenge).
          [lead.status === 'held' ? delivery.heldReason : delivery.lastError, lead.lastError],
          [delivery.deliveredAt, time(lead.deliveredAt)],
          [delivery.deliveredVia, lead.deliveredVia],
          ...(lead.formFields ? [[delivery.told, toldWords(lead.formFields)] as [string, ReactNode]] : []),
          [delivery.erasedAt, time(lead.erasedAt)],
          [delivery.spamReasons, reasons(lead.spamReasons)],
        ])}
      </AdminSection>
      {readable(attempts, (rows) => (
        <AttemptsTable attempts={rows} />
      ))}
    </>,
  )
}

/** Each attempt: when, through which channel, how it ended, and what the service said. */
function AttemptsTable({ attempts }: { attempts: LeadAttempt[] }) {
  const t = copy.attempts
  const channelName = (channel: string) =>
    Object.hasOwn(copy.channels, channel) ? copy.channels[channel as keyof typeof copy.channels] : channel
  return (
    <AdminSection title={t.title}>
      <DataTable
        caption={t.caption}
        columns={[t.started, t.finished, t.channel, t.outcome, t.details]}
        empty={t.none}
        long={[4]}
        stack
        rows={attempts.map((attempt, index) => ({
          key: index,
          cells: [
            time(attempt.startedAt),
            time(attempt.finishedAt),
            channelName(attempt.channel),
            copy.outcomes[attempt.outcome],
            attempt.reason ?? '',
          ],
        }))}
      />
    </AdminSection>
  )
}
