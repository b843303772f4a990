import { AdminSection } from '../../components/admin/AdminShell'
import { adminCopy } from '../../content/admin'
import { guide } from '../../content/admin/guide'
import { ADMIN_PATHS } from '../../lib/admin-links'
import type { AdminPart } from '../../lib/console-parts'
import type { PageModule } from '../../schemas/page-module'
import { adminPage, type AdminFrame } from './AdminFrame'

export interface HelpData extends AdminFrame {
  /** The parts this person's role may use, in the navigation's order. */
  parts: Exclude<AdminPart, 'help'>[]
}

/** /admin/help: an outline of jump links, then each part's section: what it is for, its steps, what to know. */
export function helpPage({ parts, ...frame }: HelpData): PageModule {
  return adminPage(
    'help',
    guide,
    frame,
    <>
      <p>{guide.intro}</p>
      <nav aria-label={guide.heading}>
        <ul className="help-outline">
          {parts.map((part) => (
            <li key={part}>
              <a href={`#${part}`}>{adminCopy.nav[part]}</a>
            </li>
          ))}
        </ul>
      </nav>
      {parts.map((part) => {
        const section = guide.parts[part]
        return (
          <AdminSection key={part} id={part} title={adminCopy.nav[part]}>
            <p>{section.about}</p>
            <h3>{guide.stepsTitle}</h3>
            <ol>
              {section.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            {'notes' in section && section.notes ? (
              <>
                <h3>{guide.notesTitle}</h3>
                <ul>
                  {section.notes.map((note) => (
                    <li key={note}>{note}</li>
                  ))}
                </ul>
              </>
            ) : null}
            <p>
              <a href={ADMIN_PATHS[part]} className="text-link">
                {adminCopy.nav[part]}
              </a>
            </p>
          </AdminSection>
        )
      })}
    </>,
  )
}
