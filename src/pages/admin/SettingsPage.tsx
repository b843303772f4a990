import { AdminSection } from '../../components/admin/AdminShell'
import { HistoryTable } from '../../components/admin/HistoryTable'
import { LabelledInput } from '../../components/admin/LabelledInput'
import { ViewerUrlForm } from '../../components/admin/ViewerUrlForm'
import { adminCopy } from '../../content/admin'
import { external } from '../../content/external'
import { ADMIN_PATHS } from '../../lib/admin-links'
import type { ViewerUrlChange } from '../../schemas/admin-records'
import type { PageModule } from '../../schemas/page-module'
import { adminPage, readable, type AdminFrame } from './AdminFrame'

export interface SettingsData extends AdminFrame {
  /** The stored viewer URL ("" when none is stored). */
  storedUrl: string
  /** The last 50 changes, newest first; null when the history could not be read. */
  history: ViewerUrlChange[] | null
  /** The share of visits whose speed is measured (percent), and whether an admin chose it. */
  speed: { share: number; chosen: boolean }
}

const copy = adminCopy.settings

/**
 * /admin/settings: the viewer URL, a form to change it, and its history with Restore; then the share
 * of visits whose speed is measured (issue 62), with its form.
 */
export function settingsPage({ storedUrl, history, speed, ...frame }: SettingsData): PageModule {
  return adminPage(
    'settings',
    copy,
    frame,
    <>
      <AdminSection title={copy.current}>
        {storedUrl ? (
          <p className="url-text">{storedUrl}</p>
        ) : (
          <p className="url-text">
            {copy.defaultNote} {external.defaultViewerUrl}
          </p>
        )}
        <ViewerUrlForm value={storedUrl} copy={copy.form} />
      </AdminSection>
      <AdminSection title={copy.history.title}>
        {readable(history, (changes) => (
          <HistoryTable changes={changes} copy={copy.history} />
        ))}
      </AdminSection>
      <AdminSection title={copy.speed.title}>
        <p>{copy.speed.intro}</p>
        <p>
          {copy.speed.now} <strong>{speed.share} %</strong> {speed.chosen ? null : copy.speed.defaultNote}
        </p>
        <form method="post" action={ADMIN_PATHS.speedShare} className="update-form">
          <LabelledInput
            id="speed-share"
            label={copy.speed.label}
            hint={copy.speed.hint}
            name="share"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            required
            defaultValue={speed.share}
          />
          <button type="submit" className="btn btn-primary form-submit">
            {copy.speed.submit}
          </button>
        </form>
      </AdminSection>
    </>,
  )
}
