import { AdminSection } from '../../components/admin/AdminShell'
import { LiveAddress } from '../../components/admin/CopyLink'
import { DataTable } from '../../components/admin/DataTable'
import { LabelledInput } from '../../components/admin/LabelledInput'
import { SpeedCell } from '../../components/admin/SpeedRating'
import { adminCopy } from '../../content/admin'
import { ADMIN_PATHS, documentHref, utcText } from '../../lib/admin-links'
import { documentOf } from '../../lib/document-kinds'
import { fillTemplate } from '../../lib/template'
import type { PageModule } from '../../schemas/page-module'
import type { SpeedPair } from '../../schemas/speed'
import type { LandingListing } from '../../schemas/studio-records'
import { adminPage, readable, type AdminFrame } from './AdminFrame'

const copy = adminCopy.landing

export interface LandingPagesData extends AdminFrame {
  /** Every landing page; null when they could not be read. */
  pages: LandingListing[] | null
  /** Views, visitors, form starts and leads of the last 30 days by address; null or undefined when not known. */
  figures?: Map<string, { views: number; visitors: number; starts: number; leads: number }> | null
  /** The pages whose published form sends its starts (a form with questions of its own); others say "not measured". */
  measured?: ReadonlySet<string>
  /** p75 loading and response of the last 30 days by address (real visitors'); null or undefined when not known. */
  speed?: Map<string, SpeedPair> | null
  /** The site's origin: a page on the site links its live address. */
  origin: string
}

const statusText = (page: LandingListing) =>
  page.status === 'scheduled' && page.scheduledAt
    ? fillTemplate(copy.statuses.scheduled, { at: utcText(page.scheduledAt) })
    : copy.statuses[page.status]

/** /admin/pages: every landing page, with its address and status, and New page. */
export function landingPagesPage({
  pages,
  figures,
  measured,
  speed,
  origin,
  ...frame
}: LandingPagesData): PageModule {
  const figure = (slug: string, key: 'views' | 'starts' | 'leads') => {
    const found = figures?.get(`/${slug}`)
    return found ? found[key].toLocaleString('en-US') : adminCopy.empty
  }
  const starts = (slug: string) =>
    measured?.has(slug) && figures?.get(`/${slug}`) ? figure(slug, 'starts') : copy.notMeasured
  const conversion = (slug: string) => {
    const found = figures?.get(`/${slug}`)
    return found?.visitors ? `${((found.leads / found.visitors) * 100).toFixed(1)} %` : adminCopy.empty
  }
  const fast = (slug: string, metric: keyof SpeedPair) => {
    const found = speed?.get(`/${slug}`)?.[metric]
    return found ? <SpeedCell metric={metric} figure={found} words={adminCopy.speed} /> : adminCopy.empty
  }
  return adminPage(
    'landing',
    copy,
    frame,
    <AdminSection title={copy.heading}>
      <p>{copy.intro}</p>
      <p>
        <a href={ADMIN_PATHS.newPage} className="btn btn-primary btn-sm">
          {copy.create}
        </a>
      </p>
      {readable(pages, (list) => (
        <DataTable
          caption={copy.caption}
          columns={[
            copy.title,
            copy.address,
            copy.status,
            copy.published,
            copy.views,
            copy.starts,
            copy.leads,
            copy.conversion,
            copy.loading,
            copy.response,
          ]}
          rowHeader={0}
          stack
          empty={copy.none}
          rows={list.map((page) => ({
            key: page.slug,
            cells: [
              <a key="title" href={documentHref(documentOf('page', page.slug))}>
                {page.title}
              </a>,
              page.status === 'published' ? (
                <LiveAddress
                  key="address"
                  id={`live-${page.slug}`}
                  url={`${origin}/${page.slug}`}
                  label={`/${page.slug}`}
                  words={adminCopy.tools.copy}
                />
              ) : (
                `/${page.slug}`
              ),
              statusText(page),
              page.publishedAt ? utcText(page.publishedAt) : adminCopy.empty,
              figure(page.slug, 'views'),
              starts(page.slug),
              figure(page.slug, 'leads'),
              conversion(page.slug),
              fast(page.slug, 'LCP'),
              fast(page.slug, 'INP'),
            ],
          }))}
        />
      ))}
      <p className="field-hint">{copy.startsNote}</p>
    </AdminSection>,
  )
}

export interface NewLandingPageData extends AdminFrame {
  /** The address as typed, after a refusal. */
  slug: string
  /** The start chosen: `blank`, `campaign` or `copy:<slug>`. */
  start: string
  /** Why the address was refused, in words. */
  error?: string
  /** The pages a new one can be a copy of. */
  pages: LandingListing[]
}

/** /admin/pages/new: the address, and what the page starts from. */
export function newLandingPage({ slug, start, error, pages, ...frame }: NewLandingPageData): PageModule {
  const words = copy.new
  const starts = [
    { value: 'campaign', label: words.campaign },
    { value: 'blank', label: words.blank },
    ...pages.map((page) => ({
      value: `copy:${page.slug}`,
      label: fillTemplate(words.copyOf, { title: page.title }),
    })),
  ]
  return adminPage(
    'landing',
    words,
    frame,
    <AdminSection title={words.heading}>
      <p>{words.intro}</p>
      <form method="post" action={ADMIN_PATHS.newPage} className="studio-form" noValidate>
        <div className="field">
          <LabelledInput
            id="page-slug"
            name="slug"
            label={words.address}
            hint={words.addressHint}
            defaultValue={slug}
            required
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-errormessage={error ? 'page-slug-error' : undefined}
          />
          {error ? (
            <p id="page-slug-error" className="field-error">
              {error}
            </p>
          ) : null}
        </div>
        <fieldset className="studio-group">
          <legend className="studio-legend">{words.start}</legend>
          {starts.map((option) => (
            <label key={option.value} className="studio-check">
              <input
                type="radio"
                name="start"
                value={option.value}
                defaultChecked={option.value === (start || 'campaign')}
              />{' '}
              {option.label}
            </label>
          ))}
        </fieldset>
        <p>
          <button type="submit" className="btn btn-primary">
            {words.create}
          </button>
        </p>
      </form>
    </AdminSection>,
  )
}
