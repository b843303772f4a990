import { AdminSection } from '../../components/admin/AdminShell'
import { HistoryTable } from '../../components/admin/HistoryTable'
import { ViewerUrlForm } from '../../components/admin/ViewerUrlForm'
import { adminCopy } from '../../content/admin'
import { external } from '../../content/external'
import type { ViewerUrlChange } from '../../schemas/admin-records'
import type { PageModule } from '../../schemas/page-module'
import { adminPage, readable, type AdminFrame } from './AdminFrame'

export interface SettingsData extends AdminFrame {
  /** The stored viewer URL ("" when none is stored). */
  storedUrl: string
  /** The last 50 changes, newest first; null when the history could not be read. */
  history: ViewerUrlChange[] | null
}

const copy = adminCopy.settings

/** /admin/settings: the viewer URL, a form to change it, and its history with Restore. */
export function settingsPage({ storedUrl, history, ...frame }: SettingsData): PageModule {
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
    </>,
  )
}
