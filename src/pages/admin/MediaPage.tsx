import { LabelledInput } from '../../components/admin/LabelledInput'
import { AdminSection } from '../../components/admin/AdminShell'
import { DataTable } from '../../components/admin/DataTable'
import { thumbnailOf } from '../../components/admin/StudioInputs'
import { UtcTime } from '../../components/admin/UtcTime'
import { adminCopy } from '../../content/admin'
import { ADMIN_PATHS, mediaAltHref, mediaDeleteHref } from '../../lib/admin-links'
import { libraryPath } from '../../lib/library'
import { fillTemplate } from '../../lib/template'
import type { AdminNotice } from '../../schemas/admin-words'
import type { PageModule } from '../../schemas/page-module'
import type { MediaItem } from '../../schemas/studio-records'
import { adminPage, readable, type AdminFrame } from './AdminFrame'

export interface MediaData extends AdminFrame {
  /** Newest first; null when the library could not be read. */
  items: MediaItem[] | null
  /** What the upload form keeps after a refusal. */
  kept?: { alt: string; decorative: boolean }
  /** A refusal shown in place (it may name the pages that use a picture). */
  refusal?: AdminNotice
}

const copy = adminCopy.media

/** A library picture's address, as pages and Markdown use it. */
export const addressOf = (item: MediaItem) => libraryPath(item.id, item.width, item.height, item.type)

/** A picture's alt text, corrected in place (the words a page brings when it picks the picture). */
function AltForm({ item }: { item: MediaItem }) {
  const l = copy.list
  const id = `media-alt-${item.id}`
  return (
    <form method="post" action={mediaAltHref(item.id)} className="studio-alt-form">
      <label htmlFor={id} className="field-label">
        {l.alt} <span className="sr-only">{item.name}</span>
      </label>
      <input id={id} name="alt" type="text" maxLength={300} defaultValue={item.alt} className="field-input" />
      <label className="studio-check">
        <input type="checkbox" name="decorative" value="yes" defaultChecked={item.decorative} />{' '}
        {l.altDecorative} <span className="sr-only">{item.name}</span>
      </label>
      <button type="submit" className="btn btn-secondary btn-sm">
        {l.altSave} <span className="sr-only">{item.name}</span>
      </button>
    </form>
  )
}

/** /admin/media: upload a picture (with its alt text), and the library, each picture with Delete. */
export function mediaPage({ items, kept, refusal, ...frame }: MediaData): PageModule {
  const u = copy.upload
  const l = copy.list
  return adminPage(
    'media',
    copy,
    { ...frame, notice: refusal ?? frame.notice },
    <>
      <AdminSection title={u.title}>
        <form
          method="post"
          action={ADMIN_PATHS.media}
          encType="multipart/form-data"
          className="studio-upload"
        >
          <div className="field">
            <LabelledInput
              id="media-file"
              label={u.file}
              hint={u.fileHint}
              name="file"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
            />
          </div>
          <div className="field">
            <LabelledInput
              id="media-alt"
              label={u.alt}
              hint={u.altHint}
              name="alt"
              type="text"
              maxLength={300}
              defaultValue={kept?.alt ?? ''}
            />
          </div>
          <label className="studio-check">
            <input type="checkbox" name="decorative" value="yes" defaultChecked={kept?.decorative} />{' '}
            {u.decorative}
          </label>
          <button type="submit" className="btn btn-primary">
            {u.submit}
          </button>
        </form>
      </AdminSection>
      <AdminSection title={l.title}>
        {readable(items, (list) => (
          <DataTable
            caption={l.caption}
            columns={[l.picture, l.details, l.address, l.uploaded, l.delete]}
            stack
            long={[2]}
            widths={['10rem', undefined, undefined, '12rem', '8rem']}
            empty={l.none}
            rows={list.map((item) => ({
              key: item.id,
              cells: [
                <img
                  key="thumb"
                  src={thumbnailOf(addressOf(item))}
                  alt={item.alt}
                  width={item.width}
                  height={item.height}
                  className="studio-thumb"
                  loading="lazy"
                />,
                <>
                  <strong>{item.name}</strong>
                  <span className="data-table-note">
                    {fillTemplate(l.size, { width: item.width, height: item.height })}
                  </span>
                  <AltForm item={item} />
                </>,
                <code key="address">{addressOf(item)}</code>,
                <>
                  <UtcTime iso={item.uploadedAt} /> {adminCopy.studio.list.by} {item.uploadedBy}
                </>,
                <form key="delete" method="post" action={mediaDeleteHref(item.id)}>
                  <button type="submit" className="btn btn-danger btn-sm">
                    {l.delete} <span className="sr-only">{item.name}</span>
                  </button>
                </form>,
              ],
            }))}
          />
        ))}
      </AdminSection>
    </>,
  )
}
