import type { ReactNode } from 'react'
import { AdminSection } from '../../components/admin/AdminShell'
import { StatusCountsTable } from '../../components/admin/StatusCountsTable'
import { UtcTime } from '../../components/admin/UtcTime'
import { adminCopy } from '../../content/admin'
import { ADMIN_PATHS } from '../../lib/admin-links'
import type {
  ChannelState,
  GuardStatus,
  HandOffState,
  StatusCounts,
  ViewerUrlChange,
} from '../../schemas/admin-records'
import { DataTable } from '../../components/admin/DataTable'
import type { PageModule } from '../../schemas/page-module'
import { adminPage, factList, readable, type AdminFrame } from './AdminFrame'

/**
 * Each part is shown only to a role that may use it: undefined leaves it off the page; null says
 * it could not be read.
 */
export interface OverviewData extends AdminFrame {
  /** The stored viewer URL ("" when none is stored), or null when the settings store cannot run. */
  storedUrl?: string | null
  /** The latest change (empty when none), or null when the history could not be read. */
  lastChanges?: ViewerUrlChange[] | null
  counts?: StatusCounts | null
  /** About how many leads wait for retention's next runs (leads/storage/lead-retention.ts). */
  retentionBacklog?: number | null
  guard?: GuardStatus | null
  /** Today's (UTC) page views and leads; null when they could not be read. */
  today?: { views: number; leads: number } | null
  /** How leads reach sales: each delivery channel's state. */
  channels?: ChannelState[] | null
  /** The CRM webhook's state, a row of the same table (null: unreadable, then left out). */
  handOff?: HandOffState | null
}

const copy = adminCopy.overview

/** /admin: the viewer URL and its last change, the leads, the sign-in guard. */
export function overviewPage(data: OverviewData): PageModule {
  return adminPage(
    'overview',
    copy,
    data,
    <>
      {data.storedUrl === undefined ? null : (
        <Summary title={copy.viewer.title} href={ADMIN_PATHS.settings} manage={copy.viewer.manage}>
          {factList([
            [copy.viewer.current, readable(data.storedUrl, (url) => <CurrentUrl url={url} />)],
            [
              copy.viewer.lastChange,
              readable(data.lastChanges ?? null, (changes) => <LastChange change={changes[0]} />),
            ],
          ])}
        </Summary>
      )}
      {data.today === undefined ? null : (
        <Summary title={copy.traffic.title} href={ADMIN_PATHS.traffic} manage={copy.traffic.manage}>
          {readable(data.today, (today) =>
            factList([
              [copy.traffic.views, today.views],
              [copy.traffic.leads, today.leads],
            ]),
          )}
        </Summary>
      )}
      {data.counts === undefined ? null : (
        <Summary title={copy.leads.title} href={ADMIN_PATHS.leads} manage={copy.leads.manage}>
          {readable(data.counts, (counts) => (
            <StatusCountsTable counts={counts} copy={adminCopy.counts} />
          ))}
          {data.retentionBacklog ? (
            <p className="field-hint">
              {copy.leads.retentionBacklog.replace('{n}', data.retentionBacklog.toLocaleString('en'))}
            </p>
          ) : null}
        </Summary>
      )}
      {data.channels === undefined ? null : (
        <Summary title={copy.channels.title} note={copy.channels.note}>
          {readable(data.channels, (channels) => (
            <ChannelsTable channels={channels} handOff={data.handOff ?? undefined} />
          ))}
        </Summary>
      )}
      {data.guard === undefined ? null : (
        <Summary title={copy.guard.title} note={copy.guard.note}>
          {readable(data.guard, (guard) =>
            factList([
              [copy.guard.failures, guard.failuresInWindow],
              [copy.guard.lockedClients, guard.lockedClients],
              [copy.guard.everyoneLocked, guard.everyoneLocked ? copy.guard.yes : copy.guard.no],
            ]),
          )}
        </Summary>
      )}
    </>,
  )
}

/** One part of the overview: its figures, then where to manage them or a note. */
function Summary(props: {
  title: string
  href?: string
  manage?: string
  note?: string
  children: ReactNode
}) {
  return (
    <AdminSection title={props.title}>
      {props.children}
      {props.href ? (
        <a href={props.href} className="text-link">
          {props.manage}
        </a>
      ) : null}
      {props.note ? <p className="field-hint">{props.note}</p> : null}
    </AdminSection>
  )
}

function CurrentUrl({ url }: { url: string }) {
  return url ? <span className="url-text">{url}</span> : <>{copy.viewer.defaultNote}</>
}

function LastChange({ change }: { change: ViewerUrlChange | undefined }) {
  if (!change) return <>{copy.viewer.never}</>
  return (
    <>
      <UtcTime iso={change.changedAt} /> {copy.viewer.by} {change.changedBy} {copy.viewer.via} {change.source}
    </>
  )
}

/** The CRM webhook's state in words: working, off and why, or failing. */
function handOffText(handOff: HandOffState) {
  const t = copy.channels
  if (!handOff.on) return handOff.why ? `${t.webhookOff} ${handOff.why}` : t.off
  return handOff.lastPostDelivered === false ? t.webhookFailing : t.up
}

function ChannelsTable({ channels, handOff }: { channels: ChannelState[]; handOff?: HandOffState }) {
  const t = copy.channels
  const state = (channel: ChannelState) => {
    if (!channel.on) return t.off
    if (!channel.downSince) return t.up
    return (
      <>
        {t.downSince} <UtcTime iso={channel.downSince} />
      </>
    )
  }
  return (
    <DataTable
      caption={t.caption}
      columns={[t.channel, t.state, t.lastSuccess, t.delivered, t.failed, t.today]}
      rowHeader={0}
      stack
      rows={channels
        .map((channel) => ({
          key: channel.channel,
          cells: [
            adminCopy.lead.channels[channel.channel],
            state(channel),
            channel.lastSuccessAt ? <UtcTime iso={channel.lastSuccessAt} /> : t.never,
            channel.delivered,
            channel.failed,
            channel.on ? `${channel.today} / ${channel.cap}` : '',
          ],
        }))
        .concat(
          handOff
            ? [
                {
                  key: 'webhook',
                  cells: [
                    t.webhook,
                    handOffText(handOff),
                    handOff.lastDeliveredAt ? <UtcTime iso={handOff.lastDeliveredAt} /> : t.never,
                    handOff.delivered,
                    handOff.failed,
                    '',
                  ],
                },
              ]
            : [],
        )}
    />
  )
}
